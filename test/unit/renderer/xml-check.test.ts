import { describe, expect, it } from 'vitest';
import { checkXml } from '../../helpers/xml-check.ts';

describe('checkXml (test helper)', () => {
  it('accepts a well-formed document and counts elements', () => {
    const x = checkXml('<svg a="1"><g b=\'2\'><use c="&amp;"/></g><!-- c --></svg>');
    expect(x.counts.get('use')).toBe(1);
    expect(x.rootAttrs.a).toBe('1');
  });

  it.each([
    '<svg><g></svg>',
    '<svg a=1></svg>',
    '<svg a="1" a="2"/>',
    '<svg a="<"/>',
    '<svg>&nbsp;</svg>',
    '<svg/><svg/>',
    '<svg>\u0001</svg>',
    '<svg a="\ud800"/>',
    'text<svg/>',
  ])('rejects %j', (doc) => {
    expect(() => checkXml(doc)).toThrow();
  });
});
