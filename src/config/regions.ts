/**
 * The parts of Auckland the site names: each area page sits in one (its `region` in
 * src/content/areas), and so does each group of the quote page's service areas. East Auckland is
 * the Howick local board area with Whitford and Beachlands; the Eastern Bays are on the central
 * isthmus (Ōrākei Local Board); Ōtāhuhu is South Auckland.
 */
export const regions = ['East Auckland', 'South Auckland', 'Auckland Central'] as const;

export type Region = (typeof regions)[number];
