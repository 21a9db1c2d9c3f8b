/**
 * The pictures a reading draws: the library's uncommon words, and the everyday props readers met told twice in one report
 * (neighbours, kitchens, dinners), which are common in the library and still count.
 */
import { describe, expect, it } from 'vitest';
import { imageWords } from '../../../src/reports/text/image-words.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';

describe('the pictures of a reading', () => {
  it('counts the everyday props as pictures, however many readings use them, and leaves common words alone', () => {
    const library = getLibrary();
    const readingsWith = (word: string) => [...library.entries.values()].flatMap((e) => e.body).filter((b) => new RegExp(`\\b${word}\\b`, 'i').test(b)).length;
    // Common in the library: more readings than the uncommon bound of 30.
    for (const prop of ['kitchen', 'neighbour', 'dinner', 'garden']) expect(readingsWith(prop)).toBeGreaterThan(30);
    const words = imageWords('After dinner your neighbour may visit your kitchen, and people may ask about your garden.', library);
    expect(words.sort()).toEqual(['dinner', 'garden', 'kitchen', 'neighbour']);
  });
});
