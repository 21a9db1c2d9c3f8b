/**
 * Faculties the library's entries make claims about, each with two poles (an entry's `claims`,
 * "mind:quick"). When a second entry would assert the pole opposite to one already read, the
 * report does not leave both assertions a page apart unreconciled: after the second entry's
 * reading it prints one passage that names the tension ("part of you … while another part …") and
 * how the two sides can work together.
 */
import { nameInSentence } from '../text/phrases.ts';

interface Faculty {
  /** What each pole is like, as a predicate after "part of you". */
  poles: Record<string, string>;
  /** How the two sides can share the work, after both are named: several phrasings, one chosen per chart. */
  together: readonly string[];
}

export const FACULTIES: Record<string, Faculty> = {
  mind: {
    poles: {
      quick: 'thinks fast, catching the point and the next question before a sentence is finished',
      methodical: 'wants each thought tested and set on solid ground before it is spoken',
    },
    together: [
      'Neither side is the real you. The quick mind finds the openings and the careful one decides which of them deserve a plan; you think best when the first is allowed to propose and the second to choose.',
      'Give each its stage: brainstorm at speed, then review slowly, and the two stop interrupting each other. Ideas that survive both are usually your best.',
      'You may feel scattered one day and stubbornly thorough the next. It is one mind with two tempos, and most good decisions of yours will have passed through both.',
      'Speed and care are both tools, and the skill is knowing which job is in front of you: a conversation may want the first, a contract or an apology the second.',
      'When the fast side has run ahead, the slow side is usually the one that catches the mistake; when the slow side has stalled, the fast one finds the way round. Together they make a good editor.',
    ],
  },
  manner: {
    poles: {
      expansive: 'meets the world openly and generously, ready to take up room and expect the best',
      reserved: 'holds back, measures the room and gives trust and warmth only once they are earned',
    },
    together: [
      'People may meet either side first, and be surprised later by the other. Confidence that has passed through caution is rarely naive, and caution with some hope in it rarely turns cold.',
      'Which side shows depends on the room: open where you feel welcome, watchful where you do not. Letting each know about the other keeps your warmth from being reckless and your care from looking distant.',
      'It can look inconsistent from outside, generous one moment and cool the next. From inside it is a sense of timing, and it serves you best when you trust it rather than apologise for it.',
      'Neither the open face nor the guarded one is a mask. Both are you, and people who stay long enough tend to value the combination: a welcome that means something because it is not handed out to everyone.',
      'You can let the warm side open a door and the careful side decide how far in someone comes; that way generosity and self-protection stop competing.',
    ],
  },
  drive: {
    poles: {
      impulsive: 'wants to act now and learn on the way',
      deliberate: 'prefers to gather strength, choose the moment and keep going long after the start',
    },
    together: [
      'The urge to start and the patience to endure rarely agree on timing. Let the first decide that something is worth doing and the second decide when and how, and you have both momentum and staying power.',
      'Bursts of effort followed by long, steady stretches can be your natural rhythm rather than a contradiction; plans that leave room for both tend to get finished.',
      'When one side takes over completely you either rush or stall. Noticing which of them is driving on a given day is often enough to invite the other back in.',
      'Short bursts and long stretches can share one project: let the eager side start it and the patient side carry it through its dull middle.',
      'Some days you will want everything now and some days nothing until the time is right. Planning around both tempos, rather than forcing one, tends to get more done.',
    ],
  },
  change: {
    poles: {
      restless: 'needs variety and fresh ground, and grows dull and irritable when every day looks the same',
      settled: 'feels safest with a steady rhythm, familiar places and changes that come slowly enough to be absorbed',
    },
    together: [
      'The two sides can pull against each other over every plan, one wanting to go and the other to stay. They work best in turns rather than as a tug of war: a settled base the restless side can leave and come back to, and new ground the steady side is given time to make its own.',
      'A life with a firm centre and changing edges suits this pairing: the same home, work or people, with new questions, places or skills added around them.',
      'Neither the urge to move nor the wish to stay is a mistake. Change that is chosen and paced tends to satisfy both, where change that is forced or refused satisfies neither.',
      'Keep one thing steady while you change another, and both sides relax: a new job from the same home, a new city with the same friends.',
      'Restlessness points at what has gone stale; the wish for stability points at what is worth keeping. Listening to both tells you what to change and what to leave alone.',
    ],
  },
  feeling: {
    poles: {
      expressive: 'shows what it feels at once and needs it answered',
      guarded: 'keeps feelings under careful watch and shows them only where it feels safe',
    },
    together: [
      'You may feel a strong reaction and a strong need to contain it at the same moment. Choosing a few people and places where feelings can come out whole lets the rest of life keep its composure without cost.',
      'Others may see only one side, the outburst or the calm, and misjudge the whole. Telling the people close to you that both are real saves a good deal of misunderstanding.',
      'The feeling is not wrong and neither is the caution. Expressing it a little later, to the right person, often gives each side what it wanted.',
      'Feelings can be kept safe without being kept secret. A little said early, to someone who can hear it, spares you the flood that comes from saying nothing for too long.',
      'The open side keeps you honest and the guarded side keeps you steady; given a place and a time, each lets the other do its job.',
    ],
  },
};

// Two faculties whose passages a reader met side by side (confidence as a strength beside a sense of never being good
// enough; anger slow to show beside rows that flare): the library's entries carry their claims too.
FACULTIES.confidence = {
  poles: {
    assured: 'trusts its own worth and steps forward without waiting to be asked',
    doubting: 'questions whether it has done enough, and measures itself against a standard it has not yet met',
  },
  together: [
    'Confidence and doubt can live in one person without cancelling out: the assured side gets you started, and the doubting side checks the work. Trouble comes only when either is taken for the whole truth about you.',
    'The sure part of you opens doors and the uncertain part prepares for what lies behind them. Let the first speak in public and the second in private review, and each keeps the other honest.',
  ],
};
FACULTIES.anger = {
  poles: {
    quick: 'flares fast when crossed, says so and is often over it as quickly',
    slow: 'lets anger build out of sight and shows it late, after long patience',
  },
  together: [
    'Quick heat and slow smoulder can both be yours, depending on what is at stake: small things may spark at once while real hurts go underground. Naming a grievance while it is still small serves both sides.',
    'Your temper may run on two clocks, fast over trifles and slow over what matters most. Knowing which clock is running lets you cool the first and speak up sooner on the second.',
  ],
};

// Two more a reader found side by side in three reports (never waiting for permission beside still waiting for it;
// bad news that rarely keeps you down beside a rejection that dims your enthusiasm for weeks).
FACULTIES.initiative = {
  poles: {
    bold: 'moves first, starting things and taking the lead without waiting to be asked',
    hesitant: 'waits to be invited, or to be sure of its ground, before it steps forward',
  },
  together: [
    'The bold side sees the opening and the hesitant side asks whether it is the right one. Let the first propose and the second set one condition, and you move early without moving blindly.',
    'Where you already feel at home you may lead without a second thought; where you feel watched you may wait to be asked. Noticing which room you are in tells you which side is speaking, and whether the waiting is wisdom or habit.',
  ],
};
// Buoyant is the speed of a recovery, not its depth: a reading of endurance or of rebuilding after a collapse (Pluto,
// Saturn, Scorpio, the 8th house: "you feel such blows fully, yet find a way back") claims neither side, since it can
// stand beside a heart that takes a setback slowly (a reader questioned the Sun in Scorpio read as buoyant).
FACULTIES.resilience = {
  poles: {
    buoyant: 'recovers quickly from a setback and is already looking for the next opening',
    sensitive: 'takes a setback or a refusal to heart and needs time before it tries again',
  },
  together: [
    'A quick recovery and a slow one can both be yours: small knocks may roll off while the ones that touch what you care about stay longer. Giving the second kind its time, instead of pretending to the first, lets you come back whole.',
    'The buoyant side keeps you trying and the sensitive side makes sure you learn something before you do. A setback you have felt and then left behind tends to teach more than one you never let in.',
  ],
};

// Two more from the Lagos, Reykjavik and Buenos Aires readers (a mind impatient with small print beside one that reads
// every clause; a need for company beside a need for solitude).
FACULTIES.focus = {
  poles: {
    overview: 'sees the whole shape of a thing first and grows impatient with the small print',
    detail: 'notices the particulars, the figure that does not add up and the word out of place',
  },
  together: [
    'The wide view and the close one are two lenses, not two people. Let the first decide where you are going and the second check each step of the way, and you will neither lose the plot nor trip over the footnotes.',
    'One side of you sees the forest and the other counts the trees. Most work you are proud of will have needed both: the outline first, then an hour with the details before anything is signed or sent.',
  ],
};
FACULTIES.candour = {
  poles: {
    direct: 'says plainly what it thinks, even when the truth is unwelcome',
    tactful: 'keeps the peace, softening or holding back its own view rather than risk a quarrel',
  },
  together: [
    'Plain speech and a wish for peace can share one voice. The direct side knows what needs saying and the tactful side knows how it can be heard; said in that order, the hard thing gets said and the relationship survives it.',
    'You may speak bluntly in one setting and bite your tongue in another, often depending on how much is at stake with the person in front of you. Asking which side is protecting you, and which is protecting the other person, tells you which to trust that day.',
  ],
};
// And two more from the same readers (calm when others panic beside frayed nerves under pressure; loyal for life beside
// losing interest once the chase is over).
FACULTIES.composure = {
  poles: {
    steady: 'keeps a cool head when things go wrong and can act while others panic',
    overwhelmed: 'feels pressure flood in and needs room to steady itself before it can act',
  },
  together: [
    'Calm and overwhelm can both be yours, often in a fixed order: steady through the emergency, shaken once it is over. Allowing the second its time, after the first has done its work, keeps the calm from turning brittle.',
    'Some pressures find you cool and others find you flooded, and the difference is usually how close they come to what you love. Knowing which kind you are facing tells you whether to act at once or to ask for a moment first.',
  ],
};
FACULTIES.attachment = {
  poles: {
    holding: 'holds on to people, places and the past, and finds endings hard',
    moving: 'lets go easily and moves on once a bond or a chapter has run its course',
  },
  together: [
    'Holding on and letting go can share one heart: deep loyalty to a few things and an easy farewell to the rest. The skill is telling which is which before the choice is made for you.',
    'Part of you keeps every thread and part of you is ready to cut loose. Loyalty chosen freely, by the side that could leave, tends to be the kind that lasts.',
  ],
};
// One more from the same readers (at home in the spotlight beside happiest unseen, behind the scenes).
FACULTIES.visibility = {
  poles: {
    seen: 'likes to be seen, takes the stage and wants its work recognised',
    unseen: 'prefers the background, working out of view and keeping its life its own',
  },
  together: [
    'The stage and the wings can both be yours. Let the visible side present what the private side has prepared, and recognition arrives for work you can stand behind, without costing you the quiet you need to do it.',
    'You may enjoy attention on some days and flinch from it on others, often depending on whether what is being looked at feels finished. Choosing what to show, and when, serves both sides better than either hiding or performing all the time.',
  ],
};
FACULTIES.company = {
  poles: {
    sociable: 'comes alive among people and gathers a wide circle',
    selective: 'keeps a small circle and needs time alone to recover from company',
  },
  together: [
    'You can love a full room and still need the quiet afterwards. Company and solitude are not rivals here: the first gives you material and the second lets you digest it, so a week with room for both tends to leave you at your best.',
    'A wide circle and a few close people can both be yours: many to enjoy, a handful to trust. Planning time alone as deliberately as time out keeps the sociable side from running the other one down.',
  ],
};

// Two more from the Nairobi and Montréal readers (a mind that learns by doing beside one that reads the instructions
// first; a home set up early, far from the family, beside one that stays close to it).
FACULTIES.learning = {
  poles: {
    doing: 'learns by trying, handling the thing itself and finding out from what goes wrong',
    reading: 'learns from the instructions, the book and a method understood before it tries',
  },
  together: [
    'Your hands and your reading can take turns: try a thing first to find out what puzzles you, then read to understand what you found, and each kind of learning answers the questions the other raised.',
    'Some skills you will want to pick up by doing and others by study, and neither is the lazy way. A short look at the method before you start, and a second look after your first attempt, serves both sides.',
  ],
};
FACULTIES.roots = {
  poles: {
    near: 'stays close to its family and the places it comes from, and keeps coming back to them',
    away: 'leaves early to make a base of its own, away from where it began',
  },
  together: [
    'Part of you needs the old ties within reach and part of you needs a door of your own, somewhere else. A home made on your own terms, with regular ways back to where you started, can satisfy both.',
    'Leaving and belonging need not cancel out: distance can let you choose what you keep of your family, and closeness can be a choice rather than a habit. Asking which one you are acting from helps you see it.',
  ],
};

// Found side by side by readers of two reports ("you tend to see it through" beside "you may lose interest when the spark
// is gone"; "people trust you to finish what you begin" beside "abandoning good things too early").
FACULTIES.completion = {
  poles: {
    finishing: 'stays with a task through its long middle and sees it to the end, after the first interest has gone',
    starting: 'is at its best at the start and may let a task go once it is no longer new',
  },
  together: [
    'You may be a keen starter of some things and a stubborn finisher of others; the difference is usually whether the task still means something to you once it has become routine. Knowing which kind you have taken on tells you when to ask for company in its middle stretch.',
    'Let the side that loves beginnings open the work and the side that endures carry it, and plan the handover: a date, a partner or a smaller next step, so that the middle of a project is not left to willpower alone.',
  ],
};

// Seven more that readers of the last reports found asserted both ways a page or two apart: improvising beside keeping
// to a method; a strict inner critic beside "not swayed by guilt"; competing to win beside stepping aside; a jealous
// streak beside easy trust; money spent beside money kept; a word always kept beside plans that change; and two
// pictures of the childhood home, one settled and one in motion.
FACULTIES.method = {
  poles: {
    improvising: 'works best without a script, finding the way as it goes and trusting the moment over the plan',
    systematic: 'works best with a method, a plan, a routine and steps that can be followed and checked',
  },
  together: [
    'A plan and an improvisation can share one task: the method gives you a floor to stand on, and the improvising side notices when the plan has stopped fitting the day. Write the plan in pencil and you will use both.',
    'You may swing between following a routine to the letter and throwing it away. Keep the routine for what repeats and the improvising for what is new, and each side stops feeling like a betrayal of the other.',
  ],
};
FACULTIES.conscience = {
  poles: {
    exacting: 'holds itself to a strict standard and is quick to find fault with its own work and conduct',
    forgiving: 'forgives its own slips readily and is seldom weighed down by guilt',
  },
  together: [
    'A strict inner judge and an easy conscience can take turns in you, often over different things: you may forgive yourself a broken promise and then lose sleep over a small flaw in your work. Asking which of them is speaking, and whether the matter deserves it, keeps each in proportion.',
    'The demanding side keeps your standards up and the lenient side lets you move on. Let the first review the work once, and the second close the file, so that correction does not become self-punishment.',
  ],
};
FACULTIES.rivalry = {
  poles: {
    competitive: 'is spurred by a rival, wants to win and enjoys measuring itself against others',
    yielding: 'would rather step aside than contend, and lets others have first place to keep the peace',
  },
  together: [
    'You may fight hard for some prizes and wave others through without a second look. Knowing which contests are yours lets the competitive side spend its fire where it counts and the yielding side keep the peace everywhere else.',
    'Wanting to win and wanting no contest at all can both be honest. Competing against your own last effort, rather than against a person, often satisfies the first without waking the second.',
  ],
};
FACULTIES.jealousy = {
  poles: {
    possessive: 'wants a loved one close and its place in their life certain, and feels a rival keenly',
    trusting: 'gives the people it loves room and is seldom threatened by their other ties',
  },
  together: [
    'A wish to hold someone close and a readiness to let them roam can both be yours. Saying plainly what reassures you helps more than watching in silence, and it lets the trusting side stay generous without the other side keeping score.',
    'Trust and a possessive streak often answer to different moments: calm while a bond feels sure, sharp when it wobbles. Noticing what makes it wobble tells you what to ask for.',
  ],
};
FACULTIES.money = {
  poles: {
    spending: 'treats money as something to use, on pleasure, on people or on a bold idea',
    saving: 'keeps money as security, spends with care and likes to know a reserve is there',
  },
  together: [
    'One side of you wants to enjoy money and the other to keep it safe, and both have a point. A reserve you do not touch and a sum you are free to spend without guilt let each side do its job.',
    'Generous spending and careful saving can share one budget when each has its portion decided in advance; the arguments come only when either side has to fight for every purchase.',
  ],
};
FACULTIES.reliability = {
  poles: {
    dependable: 'keeps its word and its appointments, so that people learn they can count on it',
    variable: 'keeps to its own timetable and lets a promise give way when a better idea arrives',
  },
  together: [
    'You can be utterly dependable in one area of life and hard to pin down in another. Telling people which of your promises are fixed and which are hopes spares them surprises and spares you guilt.',
    // Not "the free side keeps you from making too many": a Seoul reader met that side read as overpromising a page before.
    'The freer side says yes easily and the steady side is the one that keeps the promises: let the second look at the list before the first adds to it. Promise less than you could, and you will keep what you promise.',
  ],
};
FACULTIES.upbringing = {
  poles: {
    stable: 'remembers a home that was steady: familiar rooms, clear rules and people who stayed',
    unsettled: 'remembers a home in motion, where moves, absences or changing moods kept little the same for long',
  },
  together: [
    'A childhood can be steady in one way and unsettled in another: the same house with a shifting mood in it, or loving people who moved often. Both pictures can be true, and each explains something you still look for in a home.',
    'You may remember both security and upheaval, and which one comes to mind depends on what you ask of the past. The steadiness gave you something to build on; the changes taught you how to adapt.',
  ],
};

// Two more from the Norilsk and Oslo readers: an even emotional keel beside moods that change faster than the forecast;
// a taste for the full table beside the good china kept in the cupboard for an occasion that never comes.
FACULTIES.mood = {
  poles: {
    steady: 'keeps an even emotional keel, its moods changing slowly enough for others to lean on',
    changeable: 'changes mood quickly and without much warning, bright one hour and low the next',
  },
  together: [
    'An even keel and quick weather can both be yours: the steadiness is often the floor under the changes, not their opposite. Letting the people close to you know that a passing mood is only weather spares them from reading it as a verdict.',
    'Your moods may move fast on the surface while something underneath holds still. Trusting that deeper steadiness lets you feel the changes fully without being carried off by each of them.',
  ],
};
FACULTIES.pleasure = {
  poles: {
    indulgent: 'enjoys comfort and plenty freely, the full table and the good things used rather than saved',
    austere: 'holds back from pleasure, keeps the good things for later and feels it must earn its delight',
  },
  together: [
    'One side of you wants the feast and the other saves the good china for an occasion that never seems important enough. Deciding in advance what you will enjoy without earning it first gives the generous side its due and lets the careful one stop keeping score.',
    'Enjoyment and restraint can take turns: a plain week that makes room for a full table at its end satisfies both better than either alone.',
  ],
};

// After a reader met "trust slow, as if every kindness must conceal a motive" and "you can be too trusting" ten pages apart.
FACULTIES.trust = {
  poles: {
    trusting: 'gives trust readily and sees the good in people, sometimes before they have earned it',
    wary: 'looks for the motive behind a kindness and gives trust slowly, once it has been tested',
  },
  together: [
    'Ready trust and a watchful eye can share the work: let the generous side open the door and the wary side decide how far in a newcomer comes, and you are neither shut off nor taken in.',
    'The trusting side of you makes friends and the wary side keeps them honest. Giving trust in small amounts first, and more as it is kept, lets both have their say.',
  ],
};
// Readers found optimism asserted in one passage of a report and its opposite in another.
FACULTIES.outlook = {
  poles: {
    hopeful: 'expects things to turn out well and looks for what could work before what might fail',
    doubtful: 'expects less so as not to be let down, and braces for what could go wrong',
  },
  together: [
    'Hope and doubt can divide the work: let the hopeful side choose what is worth trying and the doubtful side list what it will take, and the plan that comes out is braver than doubt alone would make it and sounder than hope alone.',
    'Some days the future looks wide open and some days it looks like a list of risks, and both views see something real. Writing down the best case and the likely case side by side keeps either mood from deciding alone.',
  ],
};
// Readers found a report calling them talkative in one passage and quiet in another.
FACULTIES.speech = {
  poles: {
    talkative: 'thinks aloud, finds words quickly and is seldom the one who lets a silence stand',
    quiet: 'says little, above all in a group, and speaks when there is something worth the words',
  },
  together: [
    'Talk and silence can both be yours: quick and chatty where you feel at ease, sparing where you are still reading the room. Noticing which one a conversation is getting tells you how safe it feels.',
    'The voice that thinks aloud and the one that waits can share a conversation: let the first get it going and the second say the one thing that matters.',
  ],
};
// One more from the Buenos Aires reader: "Decisiveness" among the strengths beside "Indecision" among the challenges.
FACULTIES.decision = {
  poles: {
    decisive: 'makes up its mind quickly and, once it has, commits without looking back',
    torn: 'weighs every side of a choice and can stay undecided while the moment waits',
  },
  together: [
    'Quick choices and long weighing each have their ground: the small and reversible decisions can go to the quick side, the ones that bind other people or years of your life to the careful one. Sorting a choice into one pile or the other before you make it is often the whole of the work.',
    'The side that decides fast spares you from drifting; the side that hesitates has usually noticed something the quick one skipped. Giving yourself a deadline for the weighing lets both be heard without the choice being made by default.',
  ],
};

// From the Murmansk reader: Jupiter in the 1st giving on a large scale beside Jupiter retrograde giving "considered rather
// than lavish" three pages on.
FACULTIES.generosity = {
  poles: {
    lavish: 'gives on a large scale and on the spur of the moment, with praise, time and money alike',
    considered: 'gives after thinking about what is really needed, and chooses the gift to fit the person',
  },
  together: [
    'The open hand and the careful one can share your giving: let the lavish side decide that someone deserves something, and the considered side decide what it should be, and the gift arrives both warm and well aimed.',
    'Some of your giving may be big and sudden, some slow and exact, often depending on whether the person is near or far from you. Both are generosity; noticing which one a moment calls for keeps the first from overwhelming people and the second from arriving too late.',
  ],
};

// Love's pace, which readers found asserted both ways in one report (a heart given quickly, and slowly): a Moon in the 5th
// that falls "quickly and fully" can meet a Saturn in the 7th that commits slowly.
FACULTIES.courtship = {
  poles: {
    swift: 'gives its heart quickly, drawn by the spark of a first meeting and glad to follow it',
    unhurried: 'lets love grow slowly, wanting time, proof and shared days before it commits',
  },
  together: [
    'The quick spark and the slow trust can share your love life: let the first tell you whom you are drawn to, and the second decide how far and how fast you go. A bond that has passed both tests tends to be one you keep.',
    'You may feel a strong pull towards someone and, in the same week, a wish to wait and see. Neither is the truer voice: attraction says where to look and patience what to build, and the relationships of yours that last usually had room for both.',
  ],
};

// Two more that readers found asserted both ways: beliefs "sturdy once formed" beside a worldview changed more than once,
// and "nodding along to keep the peace" beside "immovable in disagreements" a hundred lines on.
FACULTIES.beliefs = {
  poles: {
    steady: 'holds its beliefs firmly once they are formed, and lets time and evidence test them before anything moves them',
    changing: 'lets its beliefs change, sometimes sharply, as new people, books or crises throw new light on them',
  },
  together: [
    'Firm convictions and a mind that keeps revising them can share one life: the firm side gives you somewhere to stand, and the changing side checks that the ground is still true. What survives a real change of mind is worth holding firmly.',
    'You may defend a view stoutly for years and then one day turn it over completely. Both moves are honest: the first keeps you from drifting with every opinion, the second from holding on to what no longer fits. Saying aloud when you have changed your mind lets others follow you.',
  ],
};

FACULTIES.disagreement = {
  poles: {
    yielding: 'gives way in a disagreement, smoothing it over or going along to keep the peace',
    firm: 'holds its ground and digs in, sometimes long after the point has stopped mattering',
  },
  together: [
    'Which side shows usually depends on what the quarrel touches: on small matters you may give way to keep things pleasant, on what you care about you may not move at all. Asking which kind of matter it is, before the argument starts, lets you give ground where it costs little and hold it where it counts.',
    'Part of you will bend to keep a room calm and part of you will not bend at all, and people who know only one of them are surprised by the other. Saying early what you can live with and what you cannot spares everyone, you included, the sudden switch from yes to no.',
  ],
};

// Curiosity that ranges and curiosity that digs: a Kiruna reader met Mercury in Gemini "bored before it goes deep" beside
// Mercury in the 8th's taste for what lies beneath.
FACULTIES.depth = {
  poles: {
    broad: 'ranges over many subjects at once and can lose interest before any one of them goes deep',
    deep: 'wants to reach the bottom of one thing, and finds small talk and surface answers thin',
  },
  together: [
    'A wide-ranging curiosity and a need to get to the bottom of things can take turns: the broad side finds the questions worth asking, and the deep side picks one and stays with it. A season of browsing that ends in one subject chosen for depth gives each side its due.',
    'You may skim a dozen topics in a week and then spend a month on one. That is less a contradiction than a method: the range shows you where depth is worth having, and the depth gives the range something to come back to.',
  ],
};

export interface ClaimConflict {
  faculty: string;
  /** The pole already read, and the entry that read it. */
  earlierPole: string;
  earlierLabel: string;
  /** The theme chapter that read it, when it was one. */
  earlierChapter?: string | undefined;
  /** The pole the new entry would assert. */
  laterPole: string;
}

/** A side of a faculty as the report took it: the pole, the entry that took it and the theme chapter that printed it. */
export interface ClaimedSide {
  pole: string;
  label: string;
  chapter?: string | undefined;
}

/** The first claim of `claims` that contradicts one already read (`read`: faculty → the side taken). */
export function conflictOf(claims: readonly string[] | undefined, read: ReadonlyMap<string, ClaimedSide>): ClaimConflict | undefined {
  for (const claim of claims ?? []) {
    const [faculty, pole] = claim.split(':') as [string, string];
    const earlier = read.get(faculty);
    if (earlier && earlier.pole !== pole && FACULTIES[faculty])
      return { faculty, earlierPole: earlier.pole, earlierLabel: earlier.label, earlierChapter: earlier.chapter, laterPole: pole };
  }
  return undefined;
}

/**
 * The line after a reading that takes the other side of a named tension from the reading of the same point just before it
 * ("Mars in the 1st House" after "Mars in Scorpio"): the point itself holds both sides. Undefined when the two labels are
 * not about one point. (A reader met Mars's patience and its impatience on facing pages, the tension they belonged to
 * named ten pages earlier between other readings.)
 */
export function pointSidesLine(faculty: string, earlier: ClaimedSide, laterLabel: string, laterPole: string): string | undefined {
  const point = sharedPoint(laterLabel, earlier.label);
  if (!point || !TENSION_OVER[faculty]) return undefined;
  const [through, thenThrough] = [relationToPoint(earlier.label, point)!, relationToPoint(laterLabel, point)!];
  return `Your ${point} holds both sides of the tension over ${TENSION_OVER[faculty]}: through ${through}, the ${sideWord(faculty, earlier.pole)} side, and through ${thenThrough}, the ${sideWord(faculty, laterPole)} one.`;
}

/** The label of Venus's phase as a morning or an evening star, which the love chapter claims a side for (love-work-threads.ts). */
const VENUS_STAR = /^Venus as (a Morning|an Evening) Star$/;

/**
 * An entry's label as a noun phrase inside a sentence: headings and labels are title-like
 * ("Moon in Virgo", "Scorpio Rising", "Pluto in the 1st House"), and a sentence needs "your Moon
 * in Virgo", "your Scorpio rising sign", "your Pluto in the 1st house".
 */
export function labelInSentence(label: string): string {
  const lower = (t: string) => t.replace(/\b(House|Rising|Your|Dominant|Planet|Stellium)\b/g, (w) => w.toLowerCase());
  const aspect = /^(.+?) (conjunct|square|sextile|trine|opposite) (.+)$/.exec(label);
  if (aspect) return `the ${ASPECT_NOUNS[aspect[2]!]} between your ${aspect[1]} and ${aspect[3]}`;
  const rising = /^(\w+) Rising$/.exec(label);
  if (rising) return `your ${rising[1]} rising sign`;
  const retrograde = /^(\w+) Retrograde at Birth$/.exec(label);
  if (retrograde) return `your retrograde ${retrograde[1]}`;
  const star = VENUS_STAR.exec(label);
  if (star) return `your Venus as ${star[1]!.toLowerCase()} star`;
  const dominant = /^(.+) as Your Dominant Planet$/.exec(label);
  if (dominant) return `${dominant[1]!.replace(/^The /, 'the ')} as your dominant planet`;
  // The balance, hemisphere and Moon-phase entries: "the fire in the background of your chart", "your birth at the full Moon".
  if (/^An? \w+, (Yin|Yang) Emphasis$|^\w+( Energy)? in the (Background|Foreground)$|^\w+ Hemisphere Emphasis$/.test(label))
    return `the ${label.replace(/^An? /, '').toLowerCase()} of your chart`;
  const pattern = /^The (.+) Pattern$/.exec(label);
  if (pattern) return `the ${pattern[1]!.toLowerCase()} pattern of your chart`;
  if (/^[A-Z][a-z]+( Node)? in /.test(label)) return `your ${lower(label)}`;
  if (label.startsWith('The ')) return lower(label).replace(/^The /, 'the ');
  const figure = /^(Cardinal|Fixed|Mutable) (T-Square|Grand Cross)$|^(Grand Trine (in|Across the) \w+|Yod|Kite)$/.exec(label);
  if (figure) return `your ${label.toLowerCase().replace('t-square', 'T-square')}`;
  const born = /^Born (Under|at) (a|the) (.+) Moon$/.exec(label);
  if (born) return `your birth ${born[1]!.toLowerCase()} ${born[2]} ${born[3]!.toLowerCase()} Moon`;
  const least = /^Least (Element|Modality): (\w+)$/.exec(label);
  if (least) return `the scarcity of ${least[2]!.toLowerCase()}${least[1] === 'Modality' ? ' signs' : ''} in your chart`;
  // Any other heading ("Fixed Energy in the Background", "Grand Trine in Fire") is named, not made a subject in its capitals.
  return `what “${label}” describes`;
}

const ASPECT_NOUNS: Record<string, string> = { conjunct: 'conjunction', square: 'square', sextile: 'sextile', trine: 'trine', opposite: 'opposition' };

/** What an entry about a point says of it, seen from the point ("its sign, Capricorn"); undefined when the label is not about `point`. */
function relationToPoint(label: string, point: string): string | undefined {
  if (label === `${point} as Your Dominant Planet` || label === `The ${point} as Your Dominant Planet`) return 'its weight as your dominant planet';
  if (label === `${point} Retrograde at Birth`) return 'its retrograde motion at birth';
  const star = VENUS_STAR.exec(label);
  if (star && point === 'Venus') return `its rising as ${star[1]!.toLowerCase()} star`;
  const phase = /^Born (?:Under|at) (?:a|the) (.+) Moon$/.exec(label);
  if (phase && point === 'Moon') return `its phase at your birth (${phase[1]!.toLowerCase()})`;
  const house = new RegExp(`^${point} in the (\\w+) House$`).exec(label);
  if (house) return `its house, the ${house[1]}`;
  const sign = new RegExp(`^${point} in (\\w+)$`).exec(label);
  if (sign) return `its sign, ${sign[1]}`;
  const aspect = /^(.+?) (conjunct|square|sextile|trine|opposite) (.+)$/.exec(label);
  if (aspect && (aspect[1] === point || aspect[3] === point))
    return `its ${ASPECT_NOUNS[aspect[2]!]} with ${nameInSentence(aspect[1] === point ? aspect[3]! : aspect[1]!)}`;
  return undefined;
}

/** The point both labels are about ("Mercury" for "Mercury in Capricorn" and "Mercury conjunct Uranus"), if any. */
function sharedPoint(a: string, b: string): string | undefined {
  const points = (label: string) =>
    [...label.matchAll(/\b(Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto|Chiron|Lilith|North Node|Ascendant|Midheaven)\b/g)].map(
      (m) => m[1]!,
    );
  const inB = points(b);
  return points(a).find((p) => inB.includes(p) && relationToPoint(a, p) && relationToPoint(b, p));
}

/**
 * Two placements in one sign ("Sun in Sagittarius", "Lilith in Sagittarius", or a planet and the sign's stellium): the
 * sign, and the point of each.
 */
function sharedSign(later: string, earlier: string): { name: string; earlier: string; later: string } | undefined {
  const placement =
    /^(?:The )?(Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto|Chiron|Lilith|North Node|Ascendant|Midheaven|Stellium) in ([A-Z][a-z]+)$/;
  const [a, b] = [placement.exec(later), placement.exec(earlier)];
  if (!a || !b || a[2] !== b[2] || a[1] === b[1] || /^(First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|Twelfth)$/.test(a[2]!))
    return undefined;
  const point = (name: string) => (name === 'Stellium' ? 'stellium' : name);
  return { name: a[2]!, earlier: point(b[1]!), later: point(a[1]!) };
}

const capitalise = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** A pole's name where the bare key would not read as a side ("the moving side" read as the moved one): "the letting-go side". */
const SIDE_WORDS: Readonly<Record<string, string>> = {
  'attachment:holding': 'holding-on',
  'attachment:moving': 'letting-go',
  'roots:near': 'staying-near',
  'roots:away': 'leaving',
};
const sideWord = (faculty: string, pole: string) => SIDE_WORDS[`${faculty}:${pole}`] ?? pole;

/** What each faculty's tension is over, as a later entry that takes a side names it ("the tension over how you take setbacks"). */
const TENSION_OVER: Record<string, string> = {
  mind: 'the pace of your thinking',
  manner: 'how you meet people',
  drive: 'how you act on what you want',
  change: 'change and staying put',
  feeling: 'how openly you show what you feel',
  confidence: 'your sense of your own worth',
  anger: 'how your anger shows',
  initiative: 'who moves first',
  resilience: 'how you take setbacks',
  focus: 'detail and the large picture',
  candour: 'saying what you think',
  composure: 'how you meet pressure',
  attachment: 'holding on and letting go',
  visibility: 'being seen',
  company: 'company and solitude',
  learning: 'how you learn',
  roots: 'staying near your roots or leaving them',
  completion: 'finishing what you start',
  method: 'keeping to a method or improvising',
  conscience: 'how hard you are on yourself',
  rivalry: 'competing and standing aside',
  jealousy: 'jealousy and trust',
  money: 'spending and keeping money',
  reliability: 'being counted on',
  upbringing: 'the home you grew up in',
  mood: 'how quickly your moods change',
  pleasure: 'enjoying and holding back',
  decision: 'making up your mind',
  trust: 'whom you trust, and how soon',
  outlook: 'how much you expect things to turn out well',
  speech: 'talking and keeping quiet',
  generosity: 'how you give',
  courtship: 'how quickly you give your heart',
  beliefs: 'how firmly you hold your beliefs',
  disagreement: 'giving way and standing firm in a disagreement',
  depth: 'ranging widely and going deep',
};

/**
 * How a tension passage sets its later entry against the earlier one: "{earlier}" is the earlier
 * entry in a sentence, "{where}" the chapter that read it when that was another one (' (in "How You
 * Love")'), else nothing. A reader met "read earlier" eleven times in one report: within a chapter
 * the entry was just read, and the frames say by themselves that it came first.
 */
export const TENSION_FRAMES = [
  'says the other side of what {earlier} said{where}, and the two belong together',
  'tells a different story from {earlier}{where}, and both are true',
  'answers {earlier}{where} from the other side',
  'completes the picture begun by {earlier}{where}',
  'meets {earlier}{where} from the opposite direction',
  'acts as the counterweight to {earlier}{where}',
];

/** The "{where}" of a frame: the earlier reading's chapter when it is not the one being written. */
export function whereRead(earlierChapter: string | undefined, chapter: string | undefined): string {
  return earlierChapter && earlierChapter !== chapter ? ` (in "${earlierChapter}")` : '';
}

/**
 * A sentence's tension frame, as a pattern that captures the later entry (the words before the
 * frame) and the earlier one, up to the colon that follows every frame: for the report's own checks
 * (a factor set against itself, a heading used as a subject).
 */
export const TENSION_FRAME_PATTERN = new RegExp(
  `^(.*?) (?:${TENSION_FRAMES.map((frame) =>
    frame
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace('{earlier}', '(.+?)')
      .replace('{where}', '(?: \\(in "[^"]+"\\))?'),
  ).join('|')}):`,
);

/** Openings for a point's second, third … pair of sides named after one reading. */
const SIDES_AGAIN = [
  'The same reading divides your {point} another way',
  'On one more count your {point} answers two ways',
  'And once more your {point} pulls two ways',
];

/**
 * The two sides of a faculty in one sentence, in one of several shapes: a report names a dozen tensions, and "part of you
 * …, while another part …" every time read as machinery to all three readers of one round. The poles are predicates that
 * read after "part of you" and after "a side of you that" alike ("shows what it feels at once").
 */
const TWO_SIDES: readonly ((earlier: string, later: string) => string)[] = [
  (a, b) => `part of you ${a}, while another part ${b}`,
  (a, b) => `one side of you ${a}; the other ${b}`,
  (a, b) => `there is a side of you that ${a}, and a side that ${b}`,
];

/** The sentence of a tension passage that names both sides, in any of its shapes (for the report's checks). */
export const TWO_SIDES_PATTERN =
  /\bpart of you [^\n]*?, while (?:through [^\n]*?, )?another part |\bone side of you [^\n]*?; the other |\bthere is a side of you that [^\n]*?, and a side that /;

/**
 * The passage printed after the later entry's reading: both sides named, and how they can share the
 * work (`choose` picks the phrasing for the chart). Two entries about one point are not set
 * against each other: the point is read as having two sides. A faculty whose tension the report
 * has already named gets one sentence saying which side the later entry adds to, not the same
 * passage again; from the second such entry on, a shorter one, so that two of them in a row do not
 * read alike (`timesNamed`: how often the report has already written about this tension). `order`:
 * how many tensions the entry has just named before this one; a later one continues from them ("It
 * also …"), and a point's second and third pair of sides are introduced each in its own words.
 * `namedWith`: the reading after which the tension was named, where a later voice points (a reader
 * was sent to the Sun in Cancer for a tension named under Mercury's opposition to Mars).
 */
export function tensionPassage(
  conflict: ClaimConflict,
  laterLabel: string,
  choose: (options: readonly string[], label: string) => string,
  /** Phrasings that turn over the report (ReportContext.chooseInTurn). */
  turn: <T>(options: readonly T[], label: string) => T,
  timesNamed = 0,
  order = 0,
  namedWith?: string,
  chapter?: string,
): string {
  const also = order > 0;
  const f = FACULTIES[conflict.faculty]!;
  const later = labelInSentence(laterLabel);
  const subject = also ? 'The same reading also' : capitalise(later);
  // Once the tension is named, a later entry takes a side by the pole's name: its description, printed again, would
  // repeat word for word what the first passage said.
  if (timesNamed === 1)
    return `${subject} speaks for the ${sideWord(conflict.faculty, conflict.laterPole)} side of the tension over ${TENSION_OVER[conflict.faculty]}, named earlier with ${labelInSentence(namedWith ?? conflict.earlierLabel)}.`;
  if (timesNamed > 1)
    // The tension named by what it is about, not "that same tension": the last mention may be chapters back (a Montreal
    // reader met "that same tension" in a chapter that had named none).
    return `${also ? 'The same reading is also' : capitalise(later) + ' is'} one more voice for the ${sideWord(conflict.faculty, conflict.laterPole)} side of the tension over ${TENSION_OVER[conflict.faculty]}.`;
  const together = choose(f.together, `tension-${conflict.faculty}`);
  const point = sharedPoint(laterLabel, conflict.earlierLabel);
  if (point) {
    const [earlier, later] = [f.poles[conflict.earlierPole], f.poles[conflict.laterPole]];
    const through = relationToPoint(conflict.earlierLabel, point);
    if (!also)
      return `Your ${point} has two sides: through ${through}, part of you ${earlier}, while through ${relationToPoint(laterLabel, point)}, another part ${later}. ${together}`;
    // The same reading sets the point against itself once more: it was just named, so "that conjunction", "that sign".
    const again = SIDES_AGAIN[(order - 1) % SIDES_AGAIN.length]!.replace('{point}', point);
    const same = relationToPoint(laterLabel, point)!.replace(/^its (\w+).*$/, 'that $1');
    return `${again}: through ${through}, part of you ${earlier}, while through ${same}, another part ${later}. ${together}`;
  }
  // Two points in one sign ("Lilith in Sagittarius" after "Sun in Sagittarius"): the sign has two sides, one through each
  // (a reader took "answers your Sun in Sagittarius from the other side" for a sign set against itself).
  const sign = sharedSign(laterLabel, conflict.earlierLabel);
  if (sign && !also) {
    const [earlier, later] = [f.poles[conflict.earlierPole], f.poles[conflict.laterPole]];
    return `Your ${sign.name} has two sides: through your ${sign.earlier} there, part of you ${earlier}, while through your ${sign.later} there, another part ${later}. ${together}`;
  }
  // The opening and the shape of the two sides turn through their phrasings over the report: a report names several
  // tensions, and one formula for all of them reads as a form.
  const frame = turn(TENSION_FRAMES, 'tension-frame');
  const framed = frame.replace('{earlier}', labelInSentence(conflict.earlierLabel)).replace('{where}', whereRead(conflict.earlierChapter, chapter));
  const sides = turn(TWO_SIDES, 'tension-sides');
  return `${subject} ${framed}: ${sides(f.poles[conflict.earlierPole]!, f.poles[conflict.laterPole]!)}. ${together}`;
}
