// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const contractDir = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));
const cataloguePath = fileURLToPath(new URL('./vi/validation.po', import.meta.url));

/**
 * The sentences the contract's schemas show a person, read from its source: the text arguments of zod's checks
 * (`.min(1, 'Name cannot be empty')`, `.refine(fn, '…')`, `z.string('Say why')`), the `message`/`error` of an
 * issue, and the sentences of zod-messages.ts. A template (`A dish has at most ${MAX} option groups`) comes back
 * as a pattern. option-rules.ts writes its own sentences, which the screens word themselves.
 */
function contractSentences(): { text: string; pattern: RegExp; where: string }[] {
  const sentences = new Map<string, { text: string; pattern: RegExp; where: string }>();
  const files = readdirSync(contractDir).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'option-rules.ts',
  );
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(contractDir + file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      const isText =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
      if (isText) {
        const parent = node.parent;
        const isCheckArgument =
          ts.isCallExpression(parent) &&
          parent.arguments.some((argument) => argument === node) &&
          ts.isPropertyAccessExpression(parent.expression);
        const isIssueMessage =
          ts.isPropertyAssignment(parent) && ['message', 'error'].includes(parent.name.getText(source));
        const isDefaultMessage = ts.isReturnStatement(parent) && file === 'zod-messages.ts';
        const text = ts.isTemplateExpression(node) ? node.getText(source).slice(1, -1) : node.text;
        if ((isCheckArgument || isIssueMessage || isDefaultMessage) && /^[A-Z$]/.test(text) && /\s/.test(text)) {
          const escaped = ts.isTemplateExpression(node)
            ? text
                .split(/\$\{[^}]*\}/)
                .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
                .join('.+')
            : text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          sentences.set(text, { text, pattern: new RegExp(`^${escaped}$`), where: file });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...sentences.values()];
}

function catalogueIds(): string[] {
  const text = readFileSync(cataloguePath, 'utf8');
  return [...text.matchAll(/^msgid "(.+)"$/gm)].map((match) => match[1]!.replace(/\\"/g, '"'));
}

describe('the validation catalogue', () => {
  it('has every sentence of the contract, so a form never shows English on a Vietnamese screen', () => {
    const sentences = contractSentences();
    // The reader finds the contract's sentences (a broken reader would pass with none).
    expect(sentences.length).toBeGreaterThan(150);
    expect(sentences.map((sentence) => sentence.text)).toContain('Name cannot be empty');
    const ids = catalogueIds();
    const missing = sentences.filter(({ pattern }) => !ids.some((id) => pattern.test(id)));
    expect(missing.map(({ text, where }) => `${where}: ${text}`)).toEqual([]);
  });
});
