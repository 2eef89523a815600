// The reviewed list of words people search with that the catalogue spells otherwise (decision 0049):
// abbreviations, brand spellings, and Kiswahili subject words. A search for `term` also finds what each of
// `means` finds (prefixes, as typed words do). One direction only: write the reverse as its own entry where
// it is wanted (brand spellings). Terms and meanings are written as the search compares words: lower case,
// no accents, hyphens dropped ("m-pesa" is "mpesa"); a meaning of two words is a phrase ("m pesa").
// Admins add more at /admin/search (table `searchSynonym`, migration 0032); `searchSynonyms.test.ts` checks
// this list's shape and that every meaning is a category or a word of the catalogue.

export interface SearchSynonym {
  term: string;
  means: readonly string[];
}

export const SEARCH_SYNONYMS: readonly SearchSynonym[] = [
  // Abbreviations
  { term: 'maths', means: ['mathematics'] },
  { term: 'math', means: ['mathematics'] },
  { term: 'chem', means: ['chemistry'] },
  { term: 'phys', means: ['physics'] },
  { term: 'ict', means: ['technology', 'computer'] },
  // Brand spellings: "M-Pesa", "M-PESA" and "mpesa" are one word to the search; "M Pesa" is two.
  { term: 'mpesa', means: ['m pesa'] },
  { term: 'm pesa', means: ['mpesa'] },
  // Kiswahili subject words → the categories and the words titles use.
  { term: 'biashara', means: ['business'] },
  { term: 'teknolojia', means: ['technology'] },
  { term: 'sanaa', means: ['creative arts'] },
  { term: 'afya', means: ['health'] },
  { term: 'elimu', means: ['education'] },
  { term: 'maisha', means: ['lifestyle'] },
  { term: 'upishi', means: ['cooking', 'kitchen', 'recipes'] },
  { term: 'mapishi', means: ['cooking', 'kitchen', 'recipes'] },
  { term: 'kupika', means: ['cooking', 'kitchen'] },
  { term: 'kilimo', means: ['farming', 'agriculture', 'agribusiness', 'gardening'] },
  { term: 'hesabu', means: ['mathematics'] },
  { term: 'hisabati', means: ['mathematics'] },
  { term: 'kompyuta', means: ['computer', 'technology'] },
  { term: 'upigaji picha', means: ['photography'] },
  { term: 'picha', means: ['photography'] },
  { term: 'muziki', means: ['music', 'production'] },
  { term: 'mazoezi', means: ['workouts', 'fitness'] },
  { term: 'lishe', means: ['nutrition'] },
  { term: 'uhasibu', means: ['bookkeeping', 'accounting'] },
  { term: 'mauzo', means: ['sales', 'selling'] },
  { term: 'ushonaji', means: ['fashion', 'tailoring'] },
  { term: 'mitindo', means: ['fashion'] },
  { term: 'fedha', means: ['finance', 'money'] },
  { term: 'pesa', means: ['finance', 'money'] },
  { term: 'usafiri', means: ['travel'] },
  { term: 'bustani', means: ['gardening'] },
  { term: 'kemia', means: ['chemistry'] },
  { term: 'fizikia', means: ['physics'] },
  { term: 'historia', means: ['history'] },
  { term: 'kiingereza', means: ['english'] },
];
