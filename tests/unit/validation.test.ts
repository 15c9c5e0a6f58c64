import { describe, expect, it } from 'vitest';
import { QUOTE_SERVICE_OPTIONS } from '../../src/config/quote.ts';
import {
  FIELD_MAX_LENGTHS,
  isPlausiblePhone,
  isValidEmail,
  validateHeroForm,
  validateLead,
  validateQuoteForm,
} from '../../src/lib/validation.ts';

const validHero = { name: 'Aroha Smith', email: 'aroha@example.co.nz', message: 'Please quote for six downlights.' };
const validQuote = {
  name: 'Aroha Smith',
  email: 'aroha@example.co.nz',
  phone: '+64 (21) 555-0199',
  address: '12 Picton Street, Howick',
  service: 'Lighting Design',
  message: 'Six downlights in the lounge.',
};

describe('hero form rules, in order, first failure wins', () => {
  it('accepts a complete request', () => {
    expect(validateHeroForm(validHero)).toBeNull();
  });

  it('1. any empty field: marks the first empty one, with the exact texts', () => {
    expect(validateHeroForm({ ...validHero, email: '', message: '' })).toEqual({
      field: 'email',
      title: 'Please Complete All Fields',
      message: 'Please fill in your name, email, and message before submitting.',
    });
    expect(validateHeroForm({ ...validHero, name: undefined })?.field).toBe('name');
    expect(validateHeroForm({ name: 'A', email: 'bad', message: '   ' })?.title).toBe('Please Complete All Fields');
  });

  it('2. email not x@y.z without spaces, checked before the name length', () => {
    for (const email of ['aroha', 'aroha@example', 'aroha @example.nz', '@example.nz', 'aroha@.']) {
      expect(validateHeroForm({ ...validHero, name: 'A', email }), email).toEqual({
        field: 'email',
        title: 'Invalid Email Address',
        message: 'Please enter a valid email address.',
      });
    }
  });

  it('3. name shorter than 2 characters, checked before the message length', () => {
    expect(validateHeroForm({ ...validHero, name: ' A ', message: 'short' })).toEqual({
      field: 'name',
      title: 'Name Too Short',
      message: 'Please enter your full name (at least 2 characters).',
    });
  });

  it('4. message shorter than 10 characters', () => {
    expect(validateHeroForm({ ...validHero, message: '123456789' })).toEqual({
      field: 'message',
      title: 'Message Too Short',
      message: 'Please provide more details about your electrical needs (at least 10 characters).',
    });
    expect(validateHeroForm({ ...validHero, message: '1234567890' })).toBeNull();
  });

  it('checks trimmed values', () => {
    expect(validateHeroForm({ name: '  Jo  ', email: ' jo@example.nz ', message: '  0123456789  ' })).toBeNull();
    expect(validateHeroForm({ ...validHero, message: '    123456789     ' })?.title).toBe('Message Too Short');
    expect(validateHeroForm({ ...validHero, name: '\t\n ' })?.title).toBe('Please Complete All Fields');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateHeroForm({ ...validHero, name: 'Ō' })?.title).toBe('Name Too Short');
    expect(validateHeroForm({ ...validHero, message: '⚡'.repeat(9) })?.title).toBe('Message Too Short');
    expect(validateHeroForm({ ...validHero, name: '😀'.repeat(FIELD_MAX_LENGTHS.name) })).toBeNull();
  });

  it('then the maximum lengths, with clear texts', () => {
    expect(validateHeroForm({ ...validHero, message: 'x'.repeat(5001) })).toEqual({
      field: 'message',
      title: 'Message Too Long',
      message: 'Please keep your message to 5000 characters or fewer.',
    });
    expect(validateHeroForm({ ...validHero, name: 'x'.repeat(101) })?.title).toBe('Name Too Long');
    expect(validateHeroForm({ ...validHero, email: `${'x'.repeat(250)}@example.nz` })?.title).toBe('Email Too Long');
  });
});

describe('quote form rules', () => {
  it('accepts a complete request with every listed service', () => {
    for (const service of QUOTE_SERVICE_OPTIONS) expect(validateQuoteForm({ ...validQuote, service })).toEqual([]);
  });

  it('requires every field and reports each one, in form order', () => {
    const problems = validateQuoteForm({});
    expect(problems.map((problem) => problem.field)).toEqual(['name', 'email', 'phone', 'address', 'service', 'message']);
    expect(problems[0]).toEqual({ field: 'name', title: 'Name Required', message: 'Please enter your name.' });
    expect(validateQuoteForm({ ...validQuote, address: '   ' })).toEqual([
      { field: 'address', title: 'Address Required', message: 'Please enter the address where the work is needed.' },
    ]);
  });

  it('checks the email format', () => {
    expect(validateQuoteForm({ ...validQuote, email: 'aroha@@example' })).toEqual([
      { field: 'email', title: 'Invalid Email Address', message: 'Please enter a valid email address.' },
    ]);
  });

  it('accepts NZ and international phone numbers and refuses others', () => {
    for (const phone of ['09 000 0000', '021-555-0199', '+64 9 000 0000', '(09) 555 0199', '+1 (555) 010-9999']) {
      expect(isPlausiblePhone(phone), phone).toBe(true);
    }
    for (const phone of ['555 019', 'call me', '09 000 0000 ext 2', '+64-9-000-000a', '++--()']) {
      expect(isPlausiblePhone(phone), phone).toBe(false);
    }
    expect(validateQuoteForm({ ...validQuote, phone: '12345' })[0]).toMatchObject({ field: 'phone', title: 'Invalid Phone Number' });
  });

  it('takes the service only from the listed options', () => {
    expect(validateQuoteForm({ ...validQuote, service: 'Plumbing' })).toEqual([
      { field: 'service', title: 'Invalid Service', message: 'Please select one of the listed services.' },
    ]);
    expect(validateQuoteForm({ ...validQuote, service: 'lighting design' })[0]?.field).toBe('service');
  });

  it('caps every field', () => {
    for (const [field, max] of Object.entries(FIELD_MAX_LENGTHS)) {
      if (field === 'service') continue;
      const atLimit = field === 'email' ? `${'a'.repeat(max - 11)}@example.nz` : field === 'phone' ? '1'.repeat(max) : 'a'.repeat(max);
      const overLimit = field === 'email' ? `a${atLimit}` : `${atLimit}1`;
      expect(validateQuoteForm({ ...validQuote, [field]: atLimit }), field).toEqual([]);
      expect(validateQuoteForm({ ...validQuote, [field]: overLimit }), field).toEqual([
        expect.objectContaining({ field, message: expect.stringContaining(`${max} characters or fewer`) }),
      ]);
    }
  });

  it('shares the email rule with the hero form', () => {
    expect(isValidEmail('a@b.c')).toBe(true);
    expect(isValidEmail('a b@c.d')).toBe(false);
  });
});

describe('validateLead (the server)', () => {
  it('picks the rules by form_source and returns every problem', () => {
    expect(validateLead({ form_source: 'Hero Form', ...validHero })).toEqual([]);
    expect(validateLead({ form_source: 'Quote Form', ...validQuote })).toEqual([]);
    expect(validateLead({ form_source: 'Quote Form', ...validQuote, email: 'nope', service: 'Plumbing' })).toEqual([
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'service', message: 'Please select one of the listed services.' },
    ]);
    expect(validateLead({ form_source: 'Hero Form', name: 'A', email: 'x', message: 'short' })).toEqual([
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'name', message: 'Please enter your full name (at least 2 characters).' },
      { field: 'message', message: expect.stringContaining('at least 10 characters') },
    ]);
  });

  it('holds the hero form to its own fields only', () => {
    expect(validateLead({ form_source: 'Hero Form', ...validHero, phone: 'not a phone' })).toEqual([]);
  });

  it('refuses a missing or unknown form_source', () => {
    for (const fields of [{ ...validQuote }, { ...validQuote, form_source: 'Other Form' }]) {
      expect(validateLead(fields)).toEqual([{ field: 'form_source', message: expect.any(String) }]);
    }
  });
});
