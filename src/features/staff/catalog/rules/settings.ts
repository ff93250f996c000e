import { FIGURE_GENDERS, MAIN_CATEGORIES, TAXONOMY } from '../../../../domain/taxonomy';

/** Every category `hiddenCategories` may name: main, sub and figure type (the server's list). */
export const CATEGORY_CHOICES: string[] = [...new Set([...MAIN_CATEGORIES, ...Object.values(TAXONOMY).flat(), ...FIGURE_GENDERS])];
