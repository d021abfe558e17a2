// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { languages } from '@quan/contract/language';

const repoDir = fileURLToPath(new URL('../../../../', import.meta.url));
const serverDir = join(repoDir, 'apps/server/src');
const localesDir = fileURLToPath(new URL('.', import.meta.url));

/** The calls that make a refusal (apps/server/src/lib/app-error.ts, where they are defined, is not read). */
const refusalMakers = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict']);

interface Refusal {
  where: string;
  /** The code of the `.because('CODE', …)` chained to it; null when it has none (or not one written out). */
  code: string | null;
  /** The field errors written out as plain strings (`[{ path, message: 'Unknown table' }]`). */
  fieldMessages: string[];
}

/** How a code is written: "ORDER_CLOSED". */
const codePattern = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{4,}$/;

/**
 * Every refusal the server makes, read from its source with the TypeScript parser: each call of a maker above and
 * each `new AppError(…)`, with the code chained to it. `namedCodes` has every code a screen may be sent: those
 * chained, those named elsewhere (`this.because('CODE')` in a class of refusals, the error handler's
 * `{ message, code: 'BODY_NOT_JSON' }`). `literals` has every text written like a code, wherever it is (a bank
 * transfer's refusal stores its code to show later).
 */
function readServer(): { refusals: Refusal[]; namedCodes: Set<string>; literals: Set<string> } {
  const refusals: Refusal[] = [];
  const namedCodes = new Set<string>();
  const literals = new Set<string>();
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== join('lib', 'app-error.ts'),
  );
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(serverDir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${relative(repoDir, join(serverDir, file))}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      const isMaker =
        ts.isCallExpression(node) && ts.isIdentifier(node.expression) && refusalMakers.has(node.expression.text);
      // A refusal re-made from another (`new AppError(error.code, …)`, fields renamed) keeps that one's code.
      const isNew =
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError' &&
        node.arguments?.[0] !== undefined &&
        ts.isStringLiteral(node.arguments[0]);
      if (isMaker || isNew) {
        refusals.push({ where: where(node), code: chainedCode(node), fieldMessages: fieldMessagesOf(node) });
      }
      const isBecause =
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'because';
      if (isBecause) for (const code of codesOf(node.arguments[0])) namedCodes.add(code);
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map((property) => property.name?.getText(source));
        const code = node.properties.find((property) => property.name?.getText(source) === 'code');
        if (names.includes('message') && code && ts.isPropertyAssignment(code)) {
          for (const text of codesOf(code.initializer)) namedCodes.add(text);
        }
      }
      if (ts.isStringLiteral(node) && codePattern.test(node.text)) literals.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { refusals, namedCodes, literals };
}

/** The codes an expression can be: 'CODE', or either side of `cond ? 'A' : 'B'`. */
function codesOf(expression: ts.Expression | undefined): string[] {
  if (!expression) return [];
  if (ts.isStringLiteral(expression)) return codePattern.test(expression.text) ? [expression.text] : [];
  if (ts.isConditionalExpression(expression))
    return [...codesOf(expression.whenTrue), ...codesOf(expression.whenFalse)];
  return [];
}

/** `maker(…).because('CODE', …)` → CODE (or the first of `cond ? 'A' : 'B'`). */
function chainedCode(node: ts.Expression): string | null {
  const access = node.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.name.text !== 'because') return null;
  const call = access.parent;
  return (call && ts.isCallExpression(call) ? codesOf(call.arguments[0])[0] : undefined) ?? null;
}

/** The plain-string `message`s of the field errors passed to a refusal. */
function fieldMessagesOf(node: ts.CallExpression | ts.NewExpression): string[] {
  const messages: string[] = [];
  for (const argument of node.arguments ?? []) {
    if (!ts.isArrayLiteralExpression(argument)) continue;
    for (const element of argument.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      for (const property of element.properties) {
        if (
          ts.isPropertyAssignment(property) &&
          property.name.getText() === 'message' &&
          ts.isStringLiteral(property.initializer)
        ) {
          messages.push(property.initializer.text);
        }
      }
    }
  }
  return messages;
}

/** The message ids of every catalogue of a language (src/locales/<language>/*.po). */
function catalogueIds(language: string): Set<string> {
  const ids = new Set<string>();
  for (const file of readdirSync(join(localesDir, language)).filter((name) => name.endsWith('.po'))) {
    const text = readFileSync(join(localesDir, language, file), 'utf8');
    for (const match of text.matchAll(/^msgid "(.+)"$/gm)) ids.add(match[1]!.replace(/\\"/g, '"'));
  }
  return ids;
}

/** The codes the catalogues say (`errors.<CODE>`), which the server must still use. */
function catalogueCodes(ids: Set<string>): string[] {
  return [...ids].filter((id) => id.startsWith('errors.')).map((id) => id.slice('errors.'.length));
}

/**
 * Codes the server sends that the catalogues leave to the server's sentence: a refused field says more than
 * "invalid" (its own sentence is translated, lib/validation-messages.ts), and a path the API does not have is no
 * refusal a screen shows. The codes of a status alone (CONFLICT, BAD_REQUEST…) are not in the catalogues either:
 * every refusal names a code of its own.
 */
const leftToTheServer = new Set(['VALIDATION_FAILED', 'NOT_FOUND']);

describe('the refusals of the server', () => {
  const { refusals, namedCodes, literals } = readServer();
  const codes = new Set([...refusals.flatMap((refusal) => (refusal.code ? [refusal.code] : [])), ...namedCodes]);
  for (const code of leftToTheServer) codes.delete(code);

  it('are found by the reader (a broken reader would pass with none)', () => {
    expect(refusals.length).toBeGreaterThan(150);
    expect(codes).toContain('TABLE_BOOKED');
  });

  it('each name a code, so a screen can say them in its language', () => {
    expect(refusals.filter((refusal) => !refusal.code).map((refusal) => refusal.where)).toEqual([]);
  });

  it.each(languages)('each have a sentence in the %s catalogues, and their field errors too', (language) => {
    const ids = catalogueIds(language);
    expect([...codes].filter((code) => !ids.has(`errors.${code}`)).sort()).toEqual([]);
    if (language !== 'en') {
      const fieldMessages = new Set(refusals.flatMap((refusal) => refusal.fieldMessages));
      expect([...fieldMessages].filter((message) => !ids.has(message)).sort()).toEqual([]);
    }
  });

  it.each(languages)('are all the %s catalogues word: no errors.<CODE> the server no longer uses', (language) => {
    const unused = catalogueCodes(catalogueIds(language)).filter((code) => !codes.has(code) && !literals.has(code));
    expect(unused.sort()).toEqual([]);
  });
});
