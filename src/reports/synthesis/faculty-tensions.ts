/**
 * Faculties the library's entries make claims about, each with two poles (an entry's `claims`,
 * "mind:quick"). When a second entry would assert the pole opposite to one already read, the
 * report does not print both assertions a page apart: it prints, under the second entry's
 * heading, one passage that names the tension ("part of you … while another part …") and how the
 * two sides can work together.
 */

interface Faculty {
  /** What each pole is like, as a predicate after "part of you". */
  poles: Record<string, string>;
  /** How the two sides can share the work, after both are named. */
  together: string;
}

export const FACULTIES: Record<string, Faculty> = {
  mind: {
    poles: {
      quick: 'thinks fast, catching the point and the next question before a sentence is finished',
      methodical: 'wants each thought tested and set on solid ground before it is spoken',
    },
    together:
      'Neither side is the real you. The quick mind finds the openings and the careful one decides which of them deserve a plan; you think best when the first is allowed to propose and the second to choose.',
  },
  manner: {
    poles: {
      expansive: 'meets the world openly and generously, ready to take up room and expect the best',
      reserved: 'holds back, measures the room and gives trust and warmth only once they are earned',
    },
    together:
      'People may meet either side first, and be surprised later by the other. Confidence that has passed through caution is rarely naive, and caution with some hope in it rarely turns cold.',
  },
  drive: {
    poles: {
      impulsive: 'wants to act now and learn on the way',
      deliberate: 'prefers to gather strength, choose the moment and keep going long after the start',
    },
    together:
      'The urge to start and the patience to endure rarely agree on timing. Let the first decide that something is worth doing and the second decide when and how, and you have both momentum and staying power.',
  },
  change: {
    poles: {
      restless: 'needs variety and fresh ground, and grows dull and irritable when every day looks the same',
      settled: 'feels safest with a steady rhythm, familiar places and changes that come slowly enough to be absorbed',
    },
    together:
      'The two sides can pull against each other over every plan, one wanting to go and the other to stay. They work best in turns rather than as a tug of war: a settled base the restless side can leave and come back to, and new ground the steady side is given time to make its own.',
  },
  feeling: {
    poles: {
      expressive: 'shows what it feels at once and needs it answered',
      guarded: 'keeps feelings under careful watch and shows them only where it feels safe',
    },
    together:
      'You may feel a strong reaction and a strong need to contain it at the same moment. Choosing a few people and places where feelings can come out whole lets the rest of life keep its composure without cost.',
  },
};

export interface ClaimConflict {
  faculty: string;
  /** The pole already read, and the entry that read it. */
  earlierPole: string;
  earlierLabel: string;
  /** The pole the new entry would assert. */
  laterPole: string;
}

/** The first claim of `claims` that contradicts one already read (`read`: faculty → pole and label). */
export function conflictOf(claims: readonly string[] | undefined, read: ReadonlyMap<string, { pole: string; label: string }>): ClaimConflict | undefined {
  for (const claim of claims ?? []) {
    const [faculty, pole] = claim.split(':') as [string, string];
    const earlier = read.get(faculty);
    if (earlier && earlier.pole !== pole && FACULTIES[faculty]) return { faculty, earlierPole: earlier.pole, earlierLabel: earlier.label, laterPole: pole };
  }
  return undefined;
}

/** The passage that replaces the later entry's text: both sides named, and how they can share the work. */
export function tensionPassage(conflict: ClaimConflict, laterLabel: string): string {
  const f = FACULTIES[conflict.faculty]!;
  return `${laterLabel} pulls against ${conflict.earlierLabel.replace(/^The /, 'the ')}, read earlier, and the two belong together. Part of you ${f.poles[conflict.earlierPole]}, while another part ${f.poles[conflict.laterPole]}. ${f.together}`;
}
