/**
 * The fields and rules of the two quote forms, shared by the browser (the inputs' attributes,
 * toasts and inline errors) and the server (POST /api/leads), so both always agree. Plain data
 * and functions with no Node APIs and no schema library: this module ships in the form islands.
 */
import { isQuoteService } from '../config/quote.ts';
import { MESSAGE_MIN_LENGTH, NAME_MIN_LENGTH } from './constants.ts';

/** The hidden `form_source` values that tell the server which form sent a request */
export const FORM_SOURCES = { hero: 'Hero Form', quote: 'Quote Form' } as const;
export type FormSource = (typeof FORM_SOURCES)[keyof typeof FORM_SOURCES];

export const QUOTE_FIELDS = ['name', 'email', 'phone', 'address', 'service', 'message'] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];
export const HERO_FIELDS = ['name', 'email', 'message'] as const satisfies readonly QuoteField[];
export type HeroField = (typeof HERO_FIELDS)[number];
export type FormName = keyof typeof FORM_SOURCES;

/** What a quote request holds once accepted, as it is stored and shown to the owner; null for a field the form does not have */
export interface QuoteRequestFields {
  formSource: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  service: string | null;
  message: string;
  /** Path of the page the form was on (from a same-site Referer) */
  page: string | null;
}

export const PHONE_MIN_DIGITS = 7;

/** A rule a value must meet once it is present and within its maximum, with the problem it reports */
interface FieldFormat {
  test: (value: string) => boolean;
  title: string;
  message: string;
}

/** One input of the quote forms: what the browser is told about it and what the rules check */
export interface FieldSpec {
  /** How the field is named in headings ("Phone Required") and the server's answers */
  title: string;
  /** How the field is named in sentences ("your phone number") */
  noun: string;
  /** The label visitors see, on each form that has the field */
  labels: Partial<Record<FormName, string>>;
  control: 'input' | 'textarea' | 'select';
  /** The input's type; email and tel also bring up the matching on-screen keyboard */
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  /** Upper limit in characters (Unicode code points): the input's maxLength and the server's limit */
  maxLength: number;
  required: boolean;
  /** The quote form's message for a required field left empty */
  missing: string;
  format?: FieldFormat;
}

/** Every field of both forms, in the quote form's order */
export const FIELDS = {
  name: {
    title: 'Name',
    noun: 'name',
    labels: { hero: 'Your name', quote: 'Full name' },
    control: 'input',
    type: 'text',
    autoComplete: 'name',
    maxLength: 100,
    required: true,
    missing: 'Please enter your name.',
  },
  email: {
    title: 'Email',
    noun: 'email address',
    labels: { hero: 'Email', quote: 'Email' },
    control: 'input',
    type: 'email',
    autoComplete: 'email',
    maxLength: 254,
    required: true,
    missing: 'Please enter your email address.',
    format: {
      test: isValidEmail,
      title: 'Invalid Email Address',
      message: 'Please enter a valid email address.',
    },
  },
  phone: {
    title: 'Phone',
    noun: 'phone number',
    labels: { quote: 'Phone' },
    control: 'input',
    type: 'tel',
    autoComplete: 'tel',
    maxLength: 40,
    required: true,
    missing: 'Please enter your phone number.',
    format: {
      test: isPlausiblePhone,
      title: 'Invalid Phone Number',
      message: `Please enter a valid phone number: at least ${PHONE_MIN_DIGITS} digits, using only digits, spaces, +, - and brackets.`,
    },
  },
  address: {
    title: 'Address',
    noun: 'address',
    labels: { quote: 'Address' },
    control: 'input',
    type: 'text',
    autoComplete: 'address-line1',
    maxLength: 200,
    required: true,
    missing: 'Please enter the address where the work is needed.',
  },
  service: {
    title: 'Service',
    noun: 'service',
    labels: { quote: 'Service' },
    control: 'select',
    maxLength: 60,
    required: true,
    missing: 'Please select a service.',
    format: {
      test: isQuoteService,
      title: 'Invalid Service',
      message: 'Please select one of the listed services.',
    },
  },
  message: {
    title: 'Message',
    noun: 'message',
    labels: { hero: 'What do you need done?', quote: 'Tell us about the job' },
    control: 'textarea',
    maxLength: 5000,
    required: true,
    missing: 'Please describe the work you need done.',
  },
} as const satisfies Record<QuoteField, FieldSpec>;

/** The fields typed into a text input or a textarea, as opposed to chosen from a list */
export type TextFieldName = {
  [Field in QuoteField]: (typeof FIELDS)[Field]['control'] extends 'select' ? never : Field;
}[QuoteField];

const fieldTable = <Value>(pick: (spec: FieldSpec) => Value) =>
  Object.fromEntries(QUOTE_FIELDS.map((field) => [field, pick(FIELDS[field])])) as Readonly<
    Record<QuoteField, Value>
  >;

/** Upper limits in characters (Unicode code points), for the inputs' maxLength and the server */
export const FIELD_MAX_LENGTHS = fieldTable((spec) => spec.maxLength);

/** How each field is named in headings ("Phone Required") and the server's answers */
export const FIELD_LABELS = fieldTable((spec) => spec.title);

/** One problem with one input: `field` is the input to mark, title and message make the toast */
export interface FieldProblem<Field extends QuoteField = QuoteField> {
  field: Field;
  title: string;
  message: string;
}

/** A problem as the server reports it: `{"errors":[{"field":"…","message":"…"}]}` */
export interface LeadProblem {
  field: string;
  message: string;
}

/** Form values as the inputs hold them; a missing value counts as empty */
export type FormValues<Field extends string> = { readonly [K in Field]?: string | undefined };
export type HeroFormValues = FormValues<HeroField>;
export type QuoteFormValues = FormValues<QuoteField>;

export const HERO_MESSAGES = {
  incomplete: {
    title: 'Please Complete All Fields',
    message: 'Please fill in your name, email, and message before submitting.',
  },
  nameTooShort: {
    title: 'Name Too Short',
    message: `Please enter your full name (at least ${NAME_MIN_LENGTH} characters).`,
  },
  messageTooShort: {
    title: 'Message Too Short',
    message: `Please provide more details about your electrical needs (at least ${MESSAGE_MIN_LENGTH} characters).`,
  },
} as const;

/** Counts characters as people see them, so an emoji or a macron is one character, not two */
export function characterCount(value: string): number {
  return [...value].length;
}

/** RFC 5321's limit on the part before the @, in octets of UTF-8 */
export const EMAIL_LOCAL_PART_MAX_OCTETS = 64;

const utf8 = new TextEncoder();

/**
 * The form x@y.z with no spaces (deliberately loose: a typo check, not RFC 5322): one @ with
 * something before it, and after it a dot with something on either side. Linear in the length
 * of the value: after the first character of the domain, `[^\s.@]*` can only stop at the first
 * dot, so no two quantifiers compete for the same characters (the old
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` tried every dot against every split and took seconds on
 * 'a@' and a run of dots).
 * Also refused: control characters (NUL, ESC, C1) and format characters, which mislead the owner
 * reading the address (a bidi control shows '\u202Emoc.evil@example.com' as
 * 'moc.elpmaxe@live.com'); a part before the @ over 64 octets, which mail servers refuse
 * (RFC 5321); and an RFC 2047 encoded-word ('=?utf-8?B?…?='), which mail clients show decoded.
 */
export function isValidEmail(value: string): boolean {
  if (!/^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/.test(value)) return false;
  if (/[\p{Cc}\p{Cf}]/u.test(value)) return false;
  const encodedWordStart = value.indexOf('=?');
  if (encodedWordStart !== -1 && value.includes('?=', encodedWordStart + 2)) return false;
  return utf8.encode(value.slice(0, value.indexOf('@'))).length <= EMAIL_LOCAL_PART_MAX_OCTETS;
}

/** NZ or international: digits, spaces, +, - and brackets only, with at least 7 digits */
export function isPlausiblePhone(value: string): boolean {
  if (!/^[\d\s+\-()]+$/.test(value)) return false;
  return (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS;
}

function trimmedValue(values: FormValues<string>, field: string): string {
  return (values[field] ?? '').trim();
}

function problem<Field extends QuoteField>(
  field: Field,
  text: { title: string; message: string },
): FieldProblem<Field> {
  return { field, title: text.title, message: text.message };
}

function tooLongProblem<Field extends QuoteField>(field: Field): FieldProblem<Field> {
  return {
    field,
    title: `${FIELDS[field].title} Too Long`,
    message: `Please keep your ${FIELDS[field].noun} to ${FIELDS[field].maxLength} characters or fewer.`,
  };
}

/** Over the field's maximum: checked before any pattern runs on the value, so its size is bounded */
function isTooLong(field: QuoteField, value: string): boolean {
  const max = FIELDS[field].maxLength;
  // A code point is one or two UTF-16 units, so the length alone settles most values
  if (value.length <= max) return false;
  if (value.length > 2 * max) return true;
  return characterCount(value) > max;
}

/**
 * Every problem of the hero form, in the order the rules are checked: empty fields, email
 * format, name length, message length, then maximum lengths; at most one problem per field.
 * A value over its maximum gets its "too long" problem where its format would be checked, and
 * no pattern runs on it.
 */
export function heroFormProblems(values: HeroFormValues): FieldProblem<HeroField>[] {
  const value = Object.fromEntries(
    HERO_FIELDS.map((field) => [field, trimmedValue(values, field)]),
  ) as Record<HeroField, string>;
  const problems: FieldProblem<HeroField>[] = [];
  /** Runs a rule only for a field that has no problem yet, so a value found too long meets no pattern */
  const check = (field: HeroField, find: () => FieldProblem<HeroField> | null) => {
    if (problems.some((earlier) => earlier.field === field)) return;
    const found = find();
    if (found) problems.push(found);
  };
  for (const field of HERO_FIELDS) {
    check(field, () =>
      FIELDS[field].required && value[field] === ''
        ? problem(field, HERO_MESSAGES.incomplete)
        : null,
    );
  }
  check('email', () => {
    if (isTooLong('email', value.email)) return tooLongProblem('email');
    return FIELDS.email.format.test(value.email) ? null : problem('email', FIELDS.email.format);
  });
  check('name', () =>
    characterCount(value.name) < NAME_MIN_LENGTH
      ? problem('name', HERO_MESSAGES.nameTooShort)
      : null,
  );
  check('message', () =>
    characterCount(value.message) < MESSAGE_MIN_LENGTH
      ? problem('message', HERO_MESSAGES.messageTooShort)
      : null,
  );
  for (const field of HERO_FIELDS)
    check(field, () => (isTooLong(field, value[field]) ? tooLongProblem(field) : null));
  return problems;
}

/** The hero form's first failing rule (shown as a toast), or null when it may be sent */
export function validateHeroForm(values: HeroFormValues): FieldProblem<HeroField> | null {
  return heroFormProblems(values)[0] ?? null;
}

function quoteFieldProblem(field: QuoteField, value: string): FieldProblem | null {
  const spec: FieldSpec = FIELDS[field];
  // Empty, then too long, then the format: no pattern runs on a value over its maximum
  if (value === '')
    return spec.required ? { field, title: `${spec.title} Required`, message: spec.missing } : null;
  if (isTooLong(field, value)) return tooLongProblem(field);
  if (spec.format && !spec.format.test(value)) return problem(field, spec.format);
  return null;
}

/** Every problem of the quote form, one per field at most, in the order of the fields */
export function validateQuoteForm(values: QuoteFormValues): FieldProblem[] {
  return QUOTE_FIELDS.map((field) => quoteFieldProblem(field, trimmedValue(values, field))).filter(
    (found): found is FieldProblem => found !== null,
  );
}

/**
 * The server's check of a submission: picks the rules by `form_source` and returns every
 * problem (an empty list when the lead may be stored). Fields the form does not have are ignored.
 */
export function validateLead(fields: Readonly<Record<string, string>>): LeadProblem[] {
  const source = (fields['form_source'] ?? '').trim();
  const found =
    source === FORM_SOURCES.hero
      ? heroFormProblems(fields)
      : source === FORM_SOURCES.quote
        ? validateQuoteForm(fields)
        : null;
  if (found === null)
    return [
      { field: 'form_source', message: 'Unknown form: please send the request from the website.' },
    ];
  return found.map(({ field, message }) => ({ field, message }));
}
