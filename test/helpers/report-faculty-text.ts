/**
 * Opposite claims in the printed text, read from the words rather than from the library's tags:
 * for each faculty of the synthesis (src/reports/synthesis/faculty-tensions.ts), phrasings that
 * assert one pole ("Rows can flare quickly" / "Anger may be slow to show"). A report that asserts
 * both poles of a faculty is a finding, unless the report names that faculty's tension (its
 * tension passage quotes both poles' descriptions, and the entries on either side are then read
 * as the two sides of one tension). Tension passages themselves are not read for assertions, nor
 * questions, nor a sentence that says both sides at once; nor the year ahead, whose transits describe
 * a season ("self-doubt can belong to this period"), not what the reader is like.
 *
 * The phrasings are this project's own vocabulary for the poles, checked against the pairs a reader
 * quoted from the Athens, Tromsø, Sydney, Chicago and Murmansk reports, and kept narrow: a phrase counts only when it asserts the pole of
 * the reader, not when it describes others or a passing mood.
 */
import type { ComposedReport } from '../../src/reports/text/compose-report.ts';
import { FACULTIES } from '../../src/reports/synthesis/faculty-tensions.ts';
import { splitSentences } from './report-sentences.ts';

const POLE_PHRASES: Record<string, Record<string, RegExp>> = {
  anger: {
    quick:
      /\b(temper|anger|irritation|rows|arguments|quarrels)(,? when it flares,)? (can |may |tends to |tend to |is likely to )?(flare|flares|flash|flashes|arrive|arrives)( up)? (quickly|fast|suddenly)|\bquick temper\b|\bflare(s)? (up )?(quickly|fast) and (fade|burn out|pass|clear)/i,
    slow: /\banger (may be|is|can be) slow to (show|come)|\bslow to anger\b|\banger (can |may |tends to )?builds? (quietly |slowly )?out of sight|\bslow[- ]burning anger\b|\brarely lose your temper\b|\b(frustration|irritation|anger) (can |may )?builds? into [\w ]{0,20}resentment|\bthe anger surfaces later\b|\bswallow frustration\b|\birritation can go underground\b/i,
  },
  confidence: {
    assured: /\bconfidence (is usually one of your strengths|comes naturally)|\bnatural (self-)?confidence\b|\btrust(s)? your own worth\b/i,
    doubting: /(?<!(their|the) \w+ is )\bnot (yet )?good enough\b|\bself-doubt\b|\bdoubting yourself\b|\bnever quite ready\b/i,
  },
  change: {
    restless: /\bseldom stuck in one gear\b|\bneeds? variety and fresh ground\b|\bcraves? (constant )?change\b/i,
    settled:
      /\bstaying power is what you reach for\b|\bfeels? safest with a steady rhythm\b|\b(you (may |might |tend to |often )?resist|(?<!(institutions|structures) that )resists) change\b/i,
  },
  mind: {
    quick: /(?<!\ba )\bquick(-witted| mind| wit)\b|\bthinks? (fast|quickly)\b|\bquick grasp\b|\bseen as witty\b/i,
    methodical: /\bmethodical (mind|thinker)\b|\bwants each thought tested\b/i,
  },
  drive: {
    impulsive: /\bacts? first and (apologises|asks|thinks)|\bwants? to act now\b/i,
    deliberate: /\bwork out the route before\b|\bchoose the moment and keep going\b/i,
  },
  feeling: {
    expressive: /\bfeelings (tend to be )?(vivid, )?openly shown\b|\bshows? what (it|you) feels? at once\b/i,
    guarded: /\bkeeps? (your )?feelings under (careful )?watch\b|\brarely shows? what (you|it) feels?\b/i,
  },
  initiative: {
    bold: /\b(rarely|never) waits? for permission\b|\b(start|starts|act|acts) without waiting for permission\b|\bacts? first and asks? permission later\b|\bnatural starter\b|\bself-starter\b|\b(the one who |that )moves? first\b|\breflex to take charge\b|\bfirst days rarely daunt you\b/i,
    hesitant:
      /(?<!as if you had )\b(you|may|might|can|still|often|been|tend to) (still )?(wait|waits|waiting) (a long time )?(for (outside |other people's )?permission|for someone else to (start|say|go|make|move|take|lead|set)|to be (asked|invited))\b|\bhold(s)? back until\b|\bhesitat(e|es|ing) to act\b|\bsit on a good idea\b|\bstarting is the hard part\b|\bthe outward push does not come first\b|\bwords of self-assertion can stick\b/i,
  },
  resilience: {
    buoyant:
      /\byou (usually |often |tend to |can )?bounce back\b|\bbounce back (quickly|fast)|\brecovers? (quickly|fast|faster)\b|\b(rarely|seldom) keeps you down\b|\bquick to recover\b|\bquick recovery\b|\brecover from (setbacks|disappointment)\b/i,
    sensitive:
      /\b(criticism|rejection|a setback|setbacks|disapproval|feedback)\b[^.]{0,40}\b(stings?|lands? (hard|heavily|deeply)|cuts? deep|hits? harder)\b|\bdim your enthusiasm\b|\breplay(s|ed)?\b[^.]{0,30}\b(mistakes?|errors?|defeat|setback|slip)\b|\b(feels?( less)? like|than|lands? (as|like)|read as) (a |an )?verdicts? on (who you are|your)\b|\btakes? (things|it|setbacks) to heart\b/i,
  },
  focus: {
    overview:
      /\b(thinks? in (?:broad|large) strokes|details(?:, however,)? (?:can|may) bore you|impatience with (?:the small )?details?|overlooking (?:practical )?details|ignoring practical details|skips? (?:over )?(?:the )?(?:everyday |awkward )?details|rushing past details|lose patience with small print|skim a contract|without reading the fine print|more than fine print|small print you skip|fine print and slow procedures|(?:practical )?details (?:closer to hand )?(?:may |can )?slip|forget(?:ting|fulness with) (?:facts and )?details|big-picture (?:mind|thinking)|a taste for the big picture|toward the big picture|(?:see|seeing) (?:a|the) (?:larger|bigger) picture|broad vision|breadth of vision|wide vision|sweeping (?:theory|theories|statements|answers))/i,
    detail:
      /\b(details speak to you|eye for detail|you notice details|notice small details|(?:notice|spot)\w* (?:errors|mistakes) (?:that )?others miss|the typo\b|typo on|fine distinctions that others miss|meticulous|nitpick|pedantic|analytical precision|precise, analytical|precision is your comfort zone|mastery of detail|(?:worry|worrying|fretting) (?:over|about) details|misused (?:words|apostrophes)|checks? twice|checked twice|double-check(?:ing|s)? (?:sources|a professional)|you tend to read the small print|reads the small print of every contract|in control of the small print|exacting (?:mind|eye|gifts)|(?:details|small needs|small sign|small details) (?:that )?others (?:miss|overlook|walk past|pass by|forget))/i,
  },
  company: {
    sociable:
      /\b(easy sociability|sociable mind|sociable heart|sociable intelligence|overcommitting socially|too many circles|wide and varied|yes to every invitation|invitations for the same|alone for long|in touch with more people|alive in company|lost without a circle|enjoy social gatherings|building networks)/i,
    selective:
      /\b(small talk may bore you|bore you within|small talk may seem pointless|solitude restores you|more solitude than|regular solitude|need for retreat|regular retreat|prefer a few|prefer a handful|keep a small circle|few and lasting|content in your own company|withdrawing into isolation|crowded or harsh)/i,
  },
  candour: {
    direct:
      /\b(tactless\w*|your candour|your frankness|(?:courage|readiness|willingness) to speak up|speaks? up (?:for|when)|(?:words|wounding phrase)[\w ]{0,25}weapons?|opinionated|say(?:s)? what (?:everyone|others|nobody)[\w ]{0,20}(?:thinking|think|will)|frank(?:ness)? (?:comes|,|manner|about))/i,
    tactful:
      /\b(people-pleasing|avoid(?:s|ing)? (?:necessary |needed )?(?:conflict|confrontation|disagreement|friction)|smooth(?:ing|s)? over (?:conflict|disagreements|tensions|every)|(?:hard|difficult|difficulty|struggle) (?:to )?(?:say(?:ing)?|turn(?:ing)? down) (?:no|a request)|saying no (?:feels|can feel)|refusing feels|(?:tell(?:ing)?|say(?:ing)?) (?:people )?what (?:people|others) (?:would like|want|hope) to hear|telling each of them what they wanted to hear|tell people what they would like to hear|soften(?:s|ing)? [\w ]{0,30}(?:until|so thoroughly)|(?:difficulty|hesitate|reluctant)[\w ]{0,15}speak(?:ing)? up|over-accommodating|(?:opinions?|views?|wishes|preferences?|grievances?|objections|convictions|perspective)[\w ]{0,25}(?:unspoken|unsaid|unvoiced|politely hidden|never gets a turn|fade)|swallow(?:ing)? your own|agree(?:ing)? too (?:readily|quickly)|keep(?:ing)? everyone (?:comfortable|pleased))/i,
  },
  composure: {
    steady:
      /\b(calm under pressure|composure (in|under) (a )?(crisis|crises|pressure)|(rarely|unlikely to|trust you not to|will not) panic|(steady|steadiness|calm|steadier|steadiest|calmest) (presence )?in (a|any)? ?crisis|good in (a crisis|emergencies)|think(s)? clearly under pressure|unflappable|cool nerves|(while|when) (others|everyone else) (panic|freeze|fall apart|are still exclaiming)|(strangely|oddly) calm(?! only)|(rely|lean|leans|relied) on (you )?in a crisis|crises (often |tend to )?(bring out the best|awaken)|rather than (panic|freeze|rattle you)|resourcefulness (in|under) (a )?(crisis|crises|pressure|an emergency|a pinch))/i,
    overwhelmed:
      /\b(overwhelmed by (the world|collective|intensity|it\b)|can become paralysing|under sudden pressure|absorb (other people's stress|tensions that are not yours)|soaking up tensions|absorbing workplace tension|tense (office|atmospheres|family lunch)|room full of anxious people|nerves (can run high|jangling|can become overloaded)|jangled|mental overload|overloaded mind|overstimulat|nervous (scatter|fussing)|feeling flooded|being flooded|when too much (comes in|is in motion) at once)/i,
  },
  attachment: {
    holding:
      /\b(your loyalty is|(fiercely|remarkably|deeply|wonderfully|astonishingly) loyal|possessiveness|hold(ing)? on too (tightly|long)|difficulty letting go(?! of ideas)|letting go (of either )?can be hard|hard to let go|cling(ing)? to (people|possessions|objects|old possessions|the past|a job|a post|obligations)|clinging too tightly|nostalgia (that (softens|resists|blocks|keeps)|can (sometimes hold|soften|quietly)|pulls|especially)|that nostalgia|(loyalty|loyal) to (family|your roots|origins|the past)|loyalty and commitment|deep, lasting loyalty|faithful friendship|(that|this) faithfulness|(friendships?|friends)[^.]{0,40}(last|lasted|lasting)[^.]{0,12}(decades|thirty years|lifelong)|keep friends for decades|friends from twenty years|schoolfriends|old schoolmates|primary school|letters or small keepsakes|box of old letters|letters saved in a shoebox|letter kept|keepsakes can become|long after it has stopped (nourishing|feeding) you|total commitment in love|committed love|commitment taken seriously|respect for commitment|seriousness about commitment|commitment to family|over-attachment|staying too long|stay loyal through|staying loyal to someone|years past its natural end|loyalty that outstays)/i,
    moving:
      /\b(shine of a new person fades|passion fades once the chase|(commitment|commitments) (can |may )?(seem|look|feel)s? (like (a )?(cage|confinement|closing door)|confining|to threaten)|long commitment can begin to feel like a cage|difficulty with (sustained )?commitment|restlessness with commitment|avoiding (full )?commitment(?! to)|r(u|a)n(ning)? from commitment|move on readily|quick to move on|how cleanly you move on|wish to bolt|urge to bolt|urge to leave (can|everything)|urge to escape|clean breaks?|burning bridges in the belief|leav(e|ing) before (you can be left|belonging|the best part)|(relationship|bond|love|romance|affection)[^.]{0,30}(settles|turns) into (routine|habit|a calmer rhythm|shared chores|roles)|thrill of pursuit settles|one foot out of the door|starts looking for the exit|intimacy starts to feel (confining|predictable)|pulling away from intimacy|detaching from intimacy|friendships may form and dissolve|drift away just as quickly|thinning out like mist)/i,
  },
  visibility: {
    seen: /\b(needing an audience (to|in order to|before)|dependen(ce|t) on (applause|recognition|an audience)|recognition (feeds|fuels) you|needing recognition to|need for (constant )?recognition|people tend to notice|rarely arrive unnoticed|(heart wants|wanting|wants its efforts) to be seen|need(ing)? (to be admired|admiration)|appreciation feeds you|desire to (shine|stand out)|deflated when your efforts go unnoticed|credit matters to you)/i,
    unseen:
      /\b(stay(ing)? behind the scenes|roles behind the scenes|the stage manager rather than the lead|anonymity can feel like freedom|uneasy claiming credit|self-promotion (can feel|is rarely instinctive|feel awkward)|praise may (embarrass|make you more uncomfortable)|without needing (recognition|the credit)|modesty makes you|privacy matters (to you|a great deal))/i,
  },
  completion: {
    finishing:
      /\b(you (tend to |usually |often )?see (it|things|them) through|see it through without drama|knowing you will see them through|keep going long after others (stop|have quit)|keep working at a problem long after others have walked away|(rely|count) on you because you (follow through|see what a job really involves)|trust you to finish what you begin|(and|you) finish what you start|you tend to stay the course|stay the course long after others)\b/i,
    starting:
      /\b(lose interest when a task turns slow|low tolerance for the middle stretch|leaves half-finished tasks|leaving half-built projects|a trail of half-built things|lose their appeal once the exciting opening phase is over|projects abandoned once the excitement fades|projects may be abandoned|abandoning good things too early|staying with something once the exciting opening phase is over|the middle stretch of any project is where you may flag|interest can fade once the novelty wears off|the difficulty (usually )?lies in the middle stretch|grow restless once things run smoothly|the middle stretch of a task, where novelty fades|brilliant starts from piling up unfinished)/i,
  },
  manner: {
    expansive: /\bmeets? the world openly and generously\b|\bready to take up room\b/i,
    reserved: /\bgives? trust and warmth only once\b|\bmeasures? the room\b/i,
  },
  // The seven faculties tagged after readers of the Cape Town, Longyearbyen and Mumbai reports, from the phrasings their
  // tagging found in the library.
  method: {
    improvising:
      /\b(thrive on [\w ,]{0,25}improvis|a gift for improvis|work best when (you are )?allowed to improvise|routine (can feel|feels) like a cage|(you are |often )?impatient with (the )?routines?\b|too much routine can make your light dim|routine soothes you less|find fixed habits stifling|instruction manuals? (probably )?end up in a drawer)/i,
    systematic:
      /\b(routines? (is a friend to you|steady you|keep you calm)|(you |it )?finds? comfort in routines?|(your |a )love of routine|you thrive on routine|prefer a well-run routine|prefer preparation to improvisation|structures reassure you|order genuinely soothes you|(drive|energy) (works best|likes) (with )?a plan|finds? security in method)/i,
  },
  conscience: {
    exacting:
      /\b((harsh|stern|exacting|strict) inner (critic|judge|editor)|inner critic (that )?never (rests|takes a day off)|the inner critic never rests|a critic that never takes a day off|slow to forgive your own mistakes|hold yourself to (strict|exacting|impossible) standards|your harshest critic is usually internal|you may be hard on yourself)/i,
    forgiving:
      /\b(not swayed by guilt|(guilt|guilt or drama) (has|have) little hold on you|hard to (manipulate|move) (through|with) guilt|forgive yourself as readily|without harsh self-blame)/i,
  },
  rivalry: {
    competitive:
      /\b(a competitive (streak|spark|pulse|charge|edge)|healthy competitive spirit|competition (wakes you up|can bring out your best|rarely frightens you)|you (play|compete) to win|win at all costs|you are probably competitive|every goal becomes a contest)/i,
    yielding:
      /\b(competition leaves you cold|fiercely competitive environments can drain you|you may be the one happy to lose|step back from contests|you may defer automatically)/i,
  },
  jealousy: {
    possessive:
      /\b(jealousy (can|may|tends to) (flare|stir|rise|arise|arrive like)|possessiveness (can|may) (creep|surface)|the growth edge is possessiveness|a quiet possessiveness|a jealousy that startles you)/i,
    trusting:
      /\b(jealousy (usually )?finds little to feed on in you|jealousy may strike you as (faintly )?old-fashioned|refreshingly free of clinging|give a partner plenty of room|love in a low-maintenance, trusting way)/i,
  },
  money: {
    spending:
      /\b(spending (can|may) (be impulsive|follow your heart)|money (and time )?(can|may) (slip through your fingers|flow in and out)|generous to the point of extravagance|grand gestures can outrun your budget|tempt you to overspend)/i,
    saving:
      /\b(financially, prudence|thrift (may come|comes) (so )?naturally|a patient saver|save carefully and distrust|check the price tag twice|a cautious inner voice whenever you spend|always keep something back for a rainy day)/i,
  },
  reliability: {
    dependable:
      /\b(people (soon )?learn (that )?(they can (count|rely) on you|your word holds)|(?<!(each time|whether|if|when) )you keep your word|promises you make tend to be ones you keep|people sense that you are dependable|the person whose yes means yes)/i,
    variable:
      /\b((over)?promis(e|ing) more than (you can|time allows|the schedule allows|one person can)|(you (may |can )?be|you are) hard to pin down|plans made on a monday may be abandoned|your promises can outnumber your hours|leave others thinking you unreliable)/i,
  },
  // The two after the Norilsk and Oslo readers.
  mood: {
    steady:
      /\b(a settled,? (steady )?emotional nature|emotionally you are settled|prefers? an even keel|(a|your) steady emotional (climate|nature)|steadiness remains one of your gifts)/i,
    changeable:
      /\b(your emotional weather can change faster than the forecast|your moods? (may|can|tend to) (change|shift) (quickly|suddenly|like weather)|moods can shift suddenly|(you might feel )?moods? switch like weather|your changeable moods)/i,
  },
  pleasure: {
    indulgent:
      /\b(too much of a good thing is the natural trap|the shadow is indulgence|pleasure (is not a luxury in your view|comes to you fairly easily)|your taste probably leans toward abundance|life, to you, is meant to be enjoyed)/i,
    austere:
      /\b(learned to distrust pleasure|treat(ing)? pleasure (with suspicion|as a reward that must be earned)|the good china may stay in the cupboard|a quiet shame around pleasure|pleasure (can feel|may feel) like something (that must be earned|to ration)|guilt whenever you enjoy yourself)/i,
  },
  decision: {
    decisive:
      /\b(decisiveness\b|made you decisive|(?<!to )decide quickly|make up your mind quickly|quick decisions under pressure|(quick|fast), decisive (thinking|action|reasoning)|immediate, decisive action|courage to act decisively|decisive, (energetic|fast)|decisive public image|(stop|cut through|waste little energy|spares you much|inner) dithering)/i,
    torn: /(?<!\b(as|like|for|signal|not) )\bindecision\b|\bsecond-guess(ing)? (it|your own preferences|opportunities|every conviction)\b|\bsitting on the fence for too long\b|\bweighing every (option|side) (can drain|until)/i,
  },
  upbringing: {
    stable: /\b((a|your) (steady|stable|secure) childhood|grew up (in|with) a (steady|stable|secure) home)/i,
    unsettled:
      /\b((an? )?(unusual or )?unsettled upbringing|perhaps your family moved often|early home life (might|may) have felt unstable|a childhood in which stability could not be taken for granted|your early home life held sudden changes|a home life that was unpredictable|roots may have been interrupted early)/i,
  },
};

/**
 * The fact line of an untimed chart's reading that holds for some hours of the birth day only (an aspect in orb
 * part of the day, a balance verdict of the noon Moon, the Moon's sign on a day it changed sign): such a reading is stated with its hours, asserts no pole and is
 * set against none (docs/api/reports.md), so its paragraph is not read for assertions either.
 */
const FOR_SOME_HOURS =
  /^\*.*(within orb for part of the day|holds if you were born (before|after|between))|^\*Moon \d+°\d+′ (\w+) to \d+°\d+′ (?!\3\b)\w+ over the birth day/i;

const TENSION = /\bpart of you [^\n]*?, while (through [^\n]*?, )?another part | side of the tension over [^\n]*?, (?:read|named) earlier with /;

export interface FacultyFinding {
  faculty: string;
  sentences: [string, string];
}

/** Faculties whose tension the report names: its passage quotes both poles' descriptions. */
function tensionsNamed(markdown: string): Set<string> {
  const named = new Set<string>();
  for (const [faculty, { poles }] of Object.entries(FACULTIES)) if (Object.values(poles).some((p) => markdown.includes(p))) named.add(faculty);
  return named;
}

export function oppositeClaimsInText(report: ComposedReport): FacultyFinding[] {
  const named = tensionsNamed(report.markdown);
  // Sentences, not paragraphs: a question asserts nothing, and a sentence that says both sides ("rejection may sting
  // sharply, yet you usually bounce back") is one nuanced claim, not two opposite ones.
  const sentences = report.sections
    .filter((s) => !['cover', 'appendix', 'disclaimer', 'year_ahead'].includes(s.id))
    .flatMap((s) => s.markdown.split('\n\n').filter((_, i, all) => !FOR_SOME_HOURS.test(all[i - 1] ?? '')))
    .filter((p) => !TENSION.test(p) && !p.startsWith('|') && !p.startsWith('#'))
    .flatMap(splitSentences)
    .filter((s) => !s.endsWith('?'));
  const findings: FacultyFinding[] = [];
  for (const [faculty, poles] of Object.entries(POLE_PHRASES)) {
    if (named.has(faculty)) continue;
    const [a, b] = Object.values(poles) as [RegExp, RegExp];
    const one = sentences.filter((s) => !(a.test(s) && b.test(s)));
    const first = one.map((s) => a.exec(s)?.[0]).find(Boolean);
    const second = one.map((s) => b.exec(s)?.[0]).find(Boolean);
    if (first && second) findings.push({ faculty, sentences: [first, second] });
  }
  return findings;
}

/** The phrasings, for a test that each one asserts what it is meant to. */
export const FACULTY_PHRASES = POLE_PHRASES;
