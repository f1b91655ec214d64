import { z } from 'zod';
import { developmentFields, planningApplicationFields, planningCommentFields } from './shared';

/** Why the application needs a newspaper notice (DMPO 2015 art 15; Listed Buildings Act 1990 ss.67, 73). */
export const PLANNING_CATEGORIES = [
  'eia',
  'departure',
  'right_of_way',
  'major',
  'listed_building',
  'conservation_area',
] as const;
export type PlanningCategory = (typeof PLANNING_CATEGORIES)[number];

export const planningFields = () => ({
  ...planningApplicationFields(),
  ...developmentFields(),
  category: z.enum(PLANNING_CATEGORIES),
  ...planningCommentFields(),
});
