/**
 * A title as it reads inside a sentence: 'LED Lighting Installation' becomes 'LED lighting
 * installation'. Words written in capitals (LED, TV, EV, CCTV, RCD) and words with a digit (24/7)
 * keep their spelling; every other word is lowered.
 */
export function midSentence(title: string): string {
  return title.replace(/[\p{L}\p{N}/]+/gu, (word) => (isAcronym(word) ? word : word.toLowerCase()));
}

function isAcronym(word: string): boolean {
  return (
    /\d/.test(word) ||
    (word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase())
  );
}
