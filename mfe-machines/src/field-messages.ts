import { fieldMessages } from 'contracts';
import { machineCatalogs } from './catalogs';

/** The rules of contracts' checks that the forms run in the browser (validateMachineFields, validateBrandFields). */
const RULES = ['required', 'chooseOne', 'serialPrefix', 'ean', 'url', 'email'] as const;
const ruleOf = new Map<string, (typeof RULES)[number]>(RULES.map((rule) => [fieldMessages[rule], rule]));

/**
 * contracts' checks answer with the API's German words; the form says them in the active language (the German
 * catalog has the same words: catalogs.test.ts). A message of another rule stays as it is.
 */
export function inActiveLanguage<Field extends string>(
  errors: Partial<Record<Field, string>>,
): Partial<Record<Field, string>> {
  return Object.fromEntries(
    Object.entries<string | undefined>(errors).map(([field, message]) => {
      const rule = message && ruleOf.get(message);
      return [field, rule ? machineCatalogs.t(`field.${rule}`) : message];
    }),
  ) as Partial<Record<Field, string>>;
}
