// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { languages } from '@quan/contract/language';

const localesDir = fileURLToPath(new URL('.', import.meta.url));

/** The messages of one .po catalogue: id → text (the entries' msgid and msgstr, multi-line strings joined). */
function readCatalogue(language: string, area: string): Map<string, string> {
  const text = readFileSync(`${localesDir}/${language}/${area}.po`, 'utf8');
  const messages = new Map<string, string>();
  for (const entry of text.split(/\n\s*\n/)) {
    const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
    const body = /^msgstr ((?:".*"\n?)+)/m.exec(entry)?.[1];
    if (!id || body === undefined) continue;
    messages.set(id, [...body.matchAll(/"(.*)"/g)].map((match) => match[1]).join(''));
  }
  return messages;
}

/** The names a message fills in ("{count}", "{restaurant}"), sorted; the ICU parser Lingui uses reads it. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'select' || token.type === 'plural' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const branch of token.cases) walk(branch.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const areas = readdirSync(`${localesDir}/en`).map((file) => file.replace(/\.po$/, ''));

describe.each(areas)('the %s catalogues', (area) => {
  const [first, ...others] = languages.map((language) => ({ language, messages: readCatalogue(language, area) }));

  it('exist in every language with the same message ids', () => {
    expect(first!.messages.size).toBeGreaterThan(0);
    for (const other of others) expect([...other.messages.keys()].sort()).toEqual([...first!.messages.keys()].sort());
  });

  it('translate every message, filling in the same values in every language', () => {
    for (const { language, messages } of [first!, ...others]) {
      for (const [id, message] of messages) {
        expect(message.trim(), `${language} ${id}`).not.toBe('');
        expect(argumentsOf(message), `${language} ${id}`).toEqual(argumentsOf(first!.messages.get(id)!));
      }
    }
  });
});
