import { describe, expect, it } from 'vitest';
import { classifyShape } from '../../../renderer/index.ts';

const spread = (start: number, span: number, n = 10) => Array.from({ length: n }, (_, i) => start + (span * i) / (n - 1));

describe('classifyShape', () => {
  it('recognises the Jones patterns', () => {
    expect(classifyShape(spread(10, 100))).toBe('bundle');
    expect(classifyShape(spread(200, 170))).toBe('bowl');
    expect(classifyShape([...spread(0, 160, 9), 260])).toBe('bucket');
    expect(classifyShape(spread(30, 230))).toBe('locomotive');
    expect(classifyShape([...spread(0, 50, 5), ...spread(180, 50, 5)])).toBe('see_saw');
    expect(classifyShape(Array.from({ length: 10 }, (_, i) => i * 36 + (i % 3)))).toBe('splash');
    expect(classifyShape([0, 5, 10, 100, 105, 110, 115, 220, 225, 230])).toBe('splay');
  });

  it('needs enough planets', () => {
    expect(classifyShape([1, 2, 3])).toBeNull();
  });
});
