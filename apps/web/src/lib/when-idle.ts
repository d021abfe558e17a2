/**
 * Runs `task` in the browser's next quiet moment (at the latest after `timeoutMs`), so work that can wait
 * does not lengthen the tasks that show the page. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short pause does much the same.
  const timer = setTimeout(task, Math.min(timeoutMs, 200));
  return () => clearTimeout(timer);
}
