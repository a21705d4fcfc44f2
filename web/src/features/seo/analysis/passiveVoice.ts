/**
 * English passive voice: a form of "to be" (or "get") followed, at most two
 * words later, by a past participle — a regular "-ed" form or one of the
 * irregular participles below. The same rule retext-passive and Yoast's
 * English research use; ours runs on plain word lists, so it costs
 * microseconds per sentence. Adjectives that look like participles ("is
 * tired") are counted too, as those tools count them.
 */

const BE = new Set(["am", "is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "gotten", "getting"]);
/** Words that may stand between the auxiliary and the participle ("was not seen", "is often used"). */
const BETWEEN = /^(not|never|also|often|always|usually|being|already|still|just|then|rarely|sometimes|\w+ly)$/;

const IRREGULAR = new Set(
  (
    "arisen awoken been borne beaten become begun bent bet bid bitten bled blown broken bred brought built burnt burst bought cast caught " +
    "chosen clung come cost crept cut dealt dug done drawn dreamt drunk driven eaten fallen fed felt fought found fled flung flown forbidden " +
    "forecast foreseen forgotten forgiven frozen gotten given gone ground grown hung had heard hidden hit held hurt kept knelt known laid led " +
    "leant leapt learnt left lent let lain lit lost made meant met mistaken misunderstood overcome overtaken overthrown paid proven put quit " +
    "read rid ridden rung risen run said seen sought sold sent set sewn shaken shed shone shot shown shrunk shut sung sunk sat slain slept slid " +
    "slung slit smelt sown spoken sped spent spilt spun spat split spoilt spread sprung stood stolen stuck stung stunk strewn stridden struck " +
    "strung striven sworn swept swollen swum swung taken taught torn told thought thrown thrust trodden understood undergone undertaken " +
    "undone upset woken worn woven wed wept won wound withdrawn withheld withstood wrung written"
  ).split(" "),
);

/** Words ending in -ed that are not participles after "to be". */
const NOT_PARTICIPLES = new Set(["bed", "red", "need", "seed", "speed", "feed", "breed", "indeed", "shed", "hundred", "sled", "wed"]);

function isParticiple(word: string): boolean {
  if (IRREGULAR.has(word)) return true;
  return word.length > 3 && word.endsWith("ed") && !NOT_PARTICIPLES.has(word);
}

/** Whether an English sentence is in the passive voice. */
export function isPassive(sentence: string): boolean {
  const words = sentence.toLowerCase().replace(/[’]/g, "'").match(/[a-z']+/g) ?? [];
  for (let index = 0; index < words.length; index++) {
    if (!BE.has(words[index])) continue;
    for (let next = index + 1; next <= index + 3 && next < words.length; next++) {
      if (isParticiple(words[next])) return true;
      if (!BETWEEN.test(words[next])) break;
    }
  }
  return false;
}
