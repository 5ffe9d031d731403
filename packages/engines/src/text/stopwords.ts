/** The languages the statistical text methods (keyphrases, TextRank, disfluencies) know. */
export type TextLanguage = 'en' | 'fr';

const ENGLISH = `
a about above after again against ago ah ain't all almost along already also although always am among an and another any anybody anyone
anything anyway anywhere are aren't around as at away be became because become been before being below besides between both but by
can can't cannot could couldn't did didn't do does doesn't doing don't done down during each either else enough etc even ever every
everybody everyone everything few for from further get gets getting go goes going gonna gotta got had hadn't has hasn't have haven't
having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in indeed into is isn't
it it's its itself just kind kinda least less let let's like lot lots made make many may maybe me might mine more most much must mustn't
my myself neither never no nobody none nor not nothing now of off often oh ok okay on once one ones only onto or other others otherwise
ought our ours ourselves out over own per perhaps please quite rather really right said same say says see seem seems shall shan't she
she'd she'll she's should shouldn't since so some somebody someone something sometimes somewhat still such sure than that that's the
their theirs them themselves then there there's therefore these they they'd they'll they're they've thing things this those though
through thus to together too toward towards uh uhm um under until up upon us very via wanna was wasn't we we'd we'll we're we've well
were weren't what what's whatever when when's where where's whether which while who who's whoever whom whose why why's will with within
without won't would wouldn't yeah yep yes yet you you'd you'll you're you've your yours yourself yourselves er erm hmm mhm mm uh-huh
huh hey actually basically literally anyways alright mean guess know think want
`;

const FRENCH = `
a ah ai aie aient aies ait alors as au aucun aucune aujourd'hui auquel aura aurai auraient aurais aurait auras aurez auriez aurions aurons
auront autre autres aux auxquelles auxquels avaient avais avait avant avec avez aviez avions avoir avons ayant ayez ayons bah ben bien
bon bref c c'est ça ce ceci cela celle celles celui cependant ces cet cette ceux chacun chacune chaque chez ci comme comment d d'accord
dans de des desquelles desquels dessous dessus deux donc dont du duquel durant elle elles en encore entre es est et étaient étais était
étant été êtes étiez étions être eu eue eues euh eûmes eurent eus eusse eussent eut eux fais fait faire faut fois font furent fus fut
hein heu hmm hop ici il ils j j'ai je jusqu jusque l la là laquelle le lequel les lesquelles lesquels leur leurs lors lorsque lui m ma
mais malgré me même mêmes mes moi moins mon n ne ni non nos notre nôtre nôtres nous ô oh ok on ont ou où ouais oui par parce parfois
pas pendant peu peut peuvent peux plupart plus plutôt pour pourquoi pourtant puis qu quand que quel quelle quelles quelqu quelque
quelques quels qui quoi s sa sans se selon sera serai seraient serais serait seras serez seriez serions serons seront ses si sien
sienne siennes siens soi soient sois soit sommes son sont sous suis sur t ta tandis tant te tes toi ton tous tout toute toutes très
trop tu un une unes uns vers voici voilà vont vos votre vôtre vôtres vous vu y enfin genre quoi voilà truc machin effectivement
justement vraiment alors bon beh bé mouais hum mm mmh ouf ah euh ben pis ya faudrait cet celle-ci celui-ci celle-là celui-là
déjà aussi ainsi après autant avoir dès depuis devant derrière ailleurs assez beaucoup certes chose choses
`;

function wordSet(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter((word) => word.length > 0));
}

/** Lower-case stop words (articles, pronouns, auxiliaries, spoken fillers), accents and apostrophes as written. */
export const STOP_WORDS: Record<TextLanguage, ReadonlySet<string>> = { en: wordSet(ENGLISH), fr: wordSet(FRENCH) };

/** Stop words that are in one language's list only: what tells the two apart. */
const ONLY: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set([...STOP_WORDS.en].filter((word) => !STOP_WORDS.fr.has(word))),
  fr: new Set([...STOP_WORDS.fr].filter((word) => !STOP_WORDS.en.has(word))),
};

/**
 * The language a text is written in, told by its stop words (those of one language only, in the
 * first 5,000 words): one clearly ahead (twice as many, at least 5) wins, else `fallback` (e.g. the
 * media's language: a transcript in another language than its media says reads with its own words).
 */
export function textLanguageOf(text: string, fallback: TextLanguage): TextLanguage {
  const count = { en: 0, fr: 0 };
  const words = text
    .toLowerCase()
    .replaceAll('’', "'")
    .split(/[^\p{L}']+/u, 5000);
  for (const word of words) {
    // "l'école": the elided article counts as its own word.
    const head = word.includes("'") ? word.slice(0, word.indexOf("'") + 1) : word;
    if (ONLY.en.has(word)) count.en++;
    else if (ONLY.fr.has(word) || ONLY.fr.has(head)) count.fr++;
  }
  const [first, second] = count.en >= count.fr ? (['en', 'fr'] as const) : (['fr', 'en'] as const);
  return count[first] >= 5 && count[first] >= 2 * count[second] ? first : fallback;
}

/** Whether a word (any case, straight or curly apostrophe) is a stop word of the language. */
export function isStopWord(word: string, language: TextLanguage): boolean {
  const lower = word.toLowerCase().replaceAll('’', "'");
  return STOP_WORDS[language].has(lower);
}
