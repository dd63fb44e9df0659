import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * web/mantine.css imports Mantine's styles component by component (issue 23). The build (dist/web, made
 * before the browser tests) must define every Mantine class its scripts reference: a component whose
 * file is missing renders unstyled, which no other test would notice.
 */

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const assets = path.join(root, 'dist', 'web', 'assets');
const MANTINE_STYLES = path.join(root, 'node_modules', '@mantine', 'core', 'styles');
const CLASS = /\.(m_[0-9a-f]{8})\b/g;

const read = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith(ext))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
const classesIn = (css: string) => new Set([...css.matchAll(CLASS)].map((match) => match[1]!));

describe("the build's Mantine styles", () => {
  it('define every Mantine class the scripts use, and leave out the components the site does not use', () => {
    // Which Mantine file defines each class (its component's styles.css part)
    const definedBy = new Map<string, string>();
    for (const { file, text } of read(MANTINE_STYLES, '.css').filter(({ file }) => !file.endsWith('.layer.css'))) {
      for (const name of classesIn(text)) definedBy.set(name, file);
    }
    const built = classesIn(
      read(assets, '.css')
        .map(({ text }) => text)
        .join('\n'),
    );
    const used = new Set(read(assets, '.js').flatMap(({ text }) => [...text.matchAll(/\b(m_[0-9a-f]{8})\b/g)].map((match) => match[1]!)));

    const missing = [...used].filter((name) => definedBy.has(name) && !built.has(name)).map((name) => `${name} (${definedBy.get(name)})`);
    expect(missing, 'import these files in web/mantine.css').toEqual([]);
    expect(used.size).toBeGreaterThan(100);
    // Not the whole stylesheet: Mantine defines classes for far more components than the site shows.
    expect([...definedBy.keys()].filter((name) => !built.has(name)).length).toBeGreaterThan(100);
  });
});
