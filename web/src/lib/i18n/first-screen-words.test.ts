// The server draws the first screen of /, /catalogue and /plant/:id before the app runs
// (issue 21) with the English words of server/src/http/first_screen_words.json: they must be
// the app's own, or the screen would change its words when the app takes over.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';

// Tests run from web/ (npm test).
const file = join(process.cwd(), '../server/src/http/first_screen_words.json');

describe("the server's first-screen words", () => {
  it('are the English texts of the same keys', () => {
    const words = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const keys = Object.keys(words).filter((k) => !k.startsWith('_'));
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(words[key], key).toBe(en[key as keyof typeof en]);
  });
});
