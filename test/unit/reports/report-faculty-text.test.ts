/**
 * Opposite claims read from the printed words (test/helpers/report-faculty-text.ts), not from the
 * library's tags: over 200 random reports (timed, untimed, polar) and the three read by hand
 * (Athens 1981, Madrid 1975 untimed, Tromsø 1990), no report asserts both poles of a faculty
 * unless it names that faculty's tension; and the check finds the pairs the reader quoted.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { FACULTY_PHRASES, oppositeClaimsInReportsApart, oppositeClaimsInText } from '../../helpers/report-faculty-text.ts';
import { splitSentences } from '../../helpers/report-sentences.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';

const AS_OF = '2026-11-25T00:00:00Z';
/** A guard against a hung run, not a timing: on the loaded 2-core box the whole suite runs on, these took over two minutes. */
const GUARD_MS = 600_000;
/** The faculties whose library sentences were read one by one and tagged where they take a side. */
const TAGGED_BY_READING = [
  ...['initiative', 'resilience', 'focus', 'company', 'candour', 'composure', 'attachment', 'visibility', 'completion'],
  ...['method', 'conscience', 'rivalry', 'jealousy', 'money', 'reliability', 'upbringing', 'mood', 'pleasure', 'decision'],
  ...['anger', 'confidence', 'feeling', 'manner', 'drive', 'mind', 'change', 'outlook', 'speech', 'generosity'],
  ...['courtship', 'beliefs', 'disagreement', 'depth'],
];
const ATHENS = { city: 'Athens', country: 'GR', lat: 37.9838, lng: 23.7275, source: 'request' as const, zone: 'Europe/Athens' };
const MADRID = { city: 'Madrid', country: 'ES', lat: 40.4168, lng: -3.7038, source: 'request' as const, zone: 'Europe/Madrid' };

describe('opposite claims in the printed text', () => {
  it(
    'none in 200 random reports and the three read by hand, outside a named tension',
    async () => {
      const charts = [
        natalChartFor({ name: 'Athens Reader', year: 1981, month: 1, day: 1, hour: 23, minute: 30 }, ATHENS),
        natalChartFor({ name: 'Madrid Reader', year: 1975, month: 6, day: 15, time_known: false }, MADRID),
        natalChartFor({ name: 'Tromsø Reader', year: 1990, month: 12, day: 10, hour: 6, minute: 15 }, PLACES.tromso),
        ...randomReportCharts(200, 52),
      ];
      const reports = charts.map((chart) => composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }));
      const findings = (await oppositeClaimsInReportsApart(reports)).flatMap((found, i) =>
        found.map((f) => `${charts[i]!.subject.datetime} ${f.faculty}: "${f.sentences[0]}" / "${f.sentences[1]}"`),
      );
      expect(findings).toEqual([]);
    },
    GUARD_MS,
  );

  it('finds the pairs the reader quoted from the reports as they were, in this thread and in one of its own', async () => {
    const quoted = [
      ['Confidence is usually one of your strengths.', 'You may carry a persistent sense that you are not yet good enough.', 'confidence'],
      // (The Athens pair for this faculty, "seldom stuck in one gear" beside "staying power is what you reach for", was a
      // balance of the modes beside a lack of fixed signs: neither side of change, and the second is the restless one.)
      [
        'Variety keeps you alert; monotony makes you fidgety.',
        'Change can unsettle you, even when it is positive, because your sense of safety is tied to continuity.',
        'change',
      ],
      ['Anger may be slow to show, and builds out of sight.', 'Rows can flare quickly and clear just as fast.', 'anger'],
      // From the Sydney, Chicago and Murmansk reports read page by page.
      [
        'This independence makes you a natural starter of projects, a pioneer in unfamiliar territory and someone who rarely waits for permission.',
        'Picture a meeting where you hold the best idea in the room and still wait for someone else to say it first.',
        'initiative',
      ],
      [
        'Bad news rarely keeps you down for long, because part of you is already searching for what it might teach.',
        'A single rejection, such as a polite refusal of a story you submitted or an application that went unanswered, can dim your enthusiasm for weeks.',
        'resilience',
      ],
      // Lagos, after the first two faculties were tagged.
      ['First days rarely daunt you.', 'The outward push does not come first for you.', 'initiative'],
      // Library sentences of the seven faculties tagged after the Cape Town, Longyearbyen and Mumbai readers.
      [
        'The Sun in Sagittarius gives you an appetite for new places, so routine can feel like a cage.',
        'The Moon in Virgo finds comfort in routines and practical tasks.',
        'method',
      ],
      ['You may be hard on yourself when things fall short.', 'You are hard to manipulate through guilt or drama.', 'conscience'],
      ['Competition wakes you up.', 'Fiercely competitive environments can drain you.', 'rivalry'],
      ['Jealousy can flare when you fear being replaced.', 'Jealousy usually finds little to feed on in you.', 'jealousy'],
      ['Spending can follow your heart rather than your budget.', 'Thrift may come so naturally that you hardly notice it.', 'money'],
      ['People learn that they can count on you.', 'Plans made on a Monday may be abandoned by Friday.', 'reliability'],
      // The Norilsk reader: an even keel beside weather that changes faster than the forecast; the full table beside the good china kept back.
      ['Your Taurus Moon lends you a settled, steady emotional nature.', 'Your emotional weather can change faster than the forecast.', 'mood'],
      ['Your taste probably leans toward abundance: a full table, a bright room.', 'The good china may stay in the cupboard for years.', 'pleasure'],
      // The Buenos Aires reader: decisiveness in one list, indecision in the next.
      [
        'Decisiveness is probably among the first qualities people notice in you.',
        'Conflict may make you stall, weighing every side until the moment has passed.',
        'decision',
      ],
      // The Murmansk reader: Jupiter in the 1st beside Jupiter retrograde.
      [
        'Jupiter in the 1st house tends to make your whole approach to life large and generous.',
        'Jupiter was retrograde at your birth, and generosity under this placement tends to be considered rather than lavish.',
        'generosity',
      ],
      // Love's pace: a Moon in the 5th beside a Saturn in the 7th.
      [
        'In romance you may fall quickly and fully, enjoying the rituals of courtship as much as the relationship itself, and you need a partner who enjoys your enthusiasm rather than taming it.',
        'Saturn in the 7th house takes partnership seriously: you may commit slowly, choose partners who are older or more established, or feel that relationships bring as much responsibility as joy.',
        'courtship',
      ],
      // The Lagos reader: Jupiter in Taurus beside a 9th-house stellium, and Venus in the 1st beside a Taurus stellium.
      [
        'Jupiter in Taurus grounds your philosophy in what can be tested by the senses and by time, and your beliefs, once formed, tend to be sturdy.',
        'You might change worldview more than once, and each shift can feel like moving house inside yourself.',
        'beliefs',
      ],
      [
        'Being liked can come so readily that you lean on it, softening every disagreement or nodding along to keep the peace.',
        'In disagreements, however, you can become immovable, planting your feet long after the argument has stopped mattering.',
        'disagreement',
      ],
      // The Kiruna reader: Mercury in Gemini beside Mercury in the 8th.
      [
        'Your challenge is less about ability than about attention: a mind this quick gets bored before it goes deep, and nervous chatter can replace real listening.',
        'Your curiosity heads straight for what is hidden.',
        'depth',
      ],
      // The Seoul reader: a Sun–Jupiter optimism beside fire in the background.
      [
        'Your optimism is energetic: you believe that effort and nerve can change things.',
        'You are usually better at foreseeing problems than picturing triumphs, which makes you a prudent planner and a steady friend in difficulty.',
        'outlook',
      ],
    ] as const;
    const reports = quoted.map(
      ([a, b]) => ({ markdown: `${a}\n\n${b}\n`, sections: [{ id: 'meeting_world', title: 'x', markdown: `${a}\n\n${b}` }] }) as never,
    );
    const apart = await oppositeClaimsInReportsApart(reports);
    quoted.forEach(([, , faculty], i) => {
      expect(oppositeClaimsInText(reports[i]!).map((f) => f.faculty)).toEqual([faculty]);
      expect(apart[i]!.map((f) => f.faculty)).toEqual([faculty]);
    });
  });

  it(
    'every sentence of the library that the check reads as one side of a tagged faculty is tagged with that side',
    () => {
      // The tags the report acts on and the words the check reads must agree: an untagged sentence would go unnoticed
      // by the report and be found by the reader. Transits describe a season and carry no claims.
      // Every pattern run over all the sentences in turn, not every sentence over all the patterns: a few thousand-character
      // patterns, each kept warm while it runs, instead of all of them interleaved.
      const sentences = [...getLibrary().entries.values()]
        .filter((e) => !e.key.startsWith('transit.'))
        .flatMap((e) =>
          e.body.flatMap((body, v) => {
            const claims = new Set([...(e.claims ?? []), ...(e.variant_claims?.[String(v)] ?? [])]);
            return splitSentences(body)
              .filter((sentence) => !sentence.endsWith('?'))
              .map((sentence) => ({ where: `${e.key} #${v}`, sentence, claims }));
          }),
        );
      const untagged: string[] = [];
      for (const faculty of TAGGED_BY_READING) {
        const [[a, first], [b, second]] = Object.entries(FACULTY_PHRASES[faculty]!) as [[string, RegExp], [string, RegExp]];
        const [byA, byB] = [first, second].map((re) => sentences.map((s) => re.test(s.sentence))) as [boolean[], boolean[]];
        sentences.forEach((s, i) => {
          if (byA[i] !== byB[i] && !s.claims.has(`${faculty}:${byA[i] ? a : b}`)) untagged.push(`${s.where}: ${s.sentence}`);
        });
      }
      expect(untagged).toEqual([]);
    },
    GUARD_MS,
  );
});
