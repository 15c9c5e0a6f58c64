/**
 * The area pages' files: src/content/areas holds one for each area page of the route table
 * (config/routes.ts), named as its address ends, and no other. The build's content check
 * (content-rules.ts) and the owner's editor (its file names for a new area page) both read it here.
 */
import { areaPages } from '../config/routes.ts';

const AREAS = '/areas/';

/** An area page's address, from its file's name */
export const areaPathOf = (fileName: string) => `${AREAS}${fileName}`;

/** The file names the route table has an area page for, such as electrician-howick */
export const areaFileNames: readonly string[] = areaPages.map((page) =>
  page.href.slice(AREAS.length),
);

/** The route table's file name for an area called `name` there (its label), if it has one */
export const areaFileNameOf = (name: string): string | undefined =>
  areaFileNames[areaPages.findIndex((page) => page.label === name.trim())];
