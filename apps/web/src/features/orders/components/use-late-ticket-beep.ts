import { useEffect, useRef } from 'react';

type AudioContextConstructor = typeof AudioContext;

let audioContext: AudioContext | null = null;

/**
 * Browsers let a page make sound only after the person has touched it: the context is made (or woken) on
 * the first tap or key press, and a beep before that stays silent.
 */
function unlockAudio(): void {
  try {
    if (!audioContext) {
      const Context: AudioContextConstructor | undefined =
        window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
      if (!Context) return;
      audioContext = new Context();
    }
    if (audioContext.state === 'suspended') void audioContext.resume().catch(() => undefined);
  } catch {
    // No audio on this device: the ticket's colour and its "Late" still say it.
  }
}

/** A short low double beep made with WebAudio (no sound file), unlike the chime of a new order. */
export function playLateBeep(): void {
  try {
    const context = audioContext;
    if (!context || context.state !== 'running') return;
    const start = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, start);
    [0, 0.22].forEach((offset) => {
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    });
    const oscillator = context.createOscillator();
    oscillator.type = 'square';
    oscillator.frequency.setValueAtTime(660, start);
    oscillator.connect(gain);
    oscillator.start(start);
    oscillator.stop(start + 0.4);
  } catch {
    // Audio blocked or unsupported: fail silently.
  }
}

/**
 * Beeps once when a ticket turns late (red): a ticket seen on time or due that is now late, each ticket at
 * most once while the page is open. Tickets already late when this screen first saw them do not beep, so
 * opening the screen or switching station is no burst of sound.
 *
 * `tickets` maps each ticket's key to whether it is late now.
 */
export function useLateTicketBeep(tickets: ReadonlyMap<string, boolean>, play: () => void = playLateBeep): void {
  const seenLate = useRef(new Map<string, boolean>());
  const beeped = useRef(new Set<string>());

  useEffect(() => {
    const unlock = () => unlockAudio();
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);

  useEffect(() => {
    let turnedLate = false;
    for (const [key, isLate] of tickets) {
      const wasLate = seenLate.current.get(key);
      if (isLate && wasLate === false && !beeped.current.has(key)) {
        beeped.current.add(key);
        turnedLate = true;
      }
      seenLate.current.set(key, isLate);
    }
    // Several tickets turning late in the same minute make one beep.
    if (turnedLate) play();
  }, [tickets, play]);
}
