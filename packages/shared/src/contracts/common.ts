import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts';
import * as rules from '../validation.ts';

/** Wraps a validation rule (docs/PRODUCT.md, Validation) as a zod schema whose issue message is its error key. */
function ruleSchema(rule: (input: string) => rules.RuleResult) {
  return z.string().transform((input, ctx) => {
    const { value, error } = rule(input);
    if (error) ctx.addIssue({ code: 'custom', message: error });
    return value;
  });
}
export const zFreeText = ruleSchema((v) => rules.freeText(v));
export const zRequiredText = ruleSchema((v) => rules.requiredText(v));
/** A name or free text with its limit and character rules (see TEXT_LIMITS). */
export const zText = (options: rules.TextOptions) => ruleSchema((v) => rules.freeText(v, options));
export const zEmail = ruleSchema(rules.email);
export const zPassword = ruleSchema(rules.password);

export const zId = z.string().uuid();

/** A language code (`en`, `fr`, `pt-BR`…): what live channels transcribe and translate to. */
export const zLanguageCode = z
  .string()
  .max(16)
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'error.invalid');
export const zIdParam = z.object({ id: zId });

export const zPagination = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const zMessage = z.object({ message: z.string() });

export function zList<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), list: z.array(item) });
}
