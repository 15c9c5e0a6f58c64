import { describe, expect, it } from 'vitest';
import type { PageFile } from '../../src/server/http/site-files.ts';
import { fillForm, formPageWithProblems } from '../../src/server/leads/form-page.ts';
import { FIELDS } from '../../src/lib/validation.ts';

/** The quote form as the build writes it: server-rendered in its island */
const quoteForm =
  '<astro-island uid="Q" prefix="r1" component-url="/_astro/QuoteForm.js" ssr client="interaction" await-children>' +
  '<form class="relative grid gap-5 sm:grid-cols-2" aria-label="Quote request" action="/api/leads" method="post">' +
  '<input type="hidden" name="form_source" value="Quote Form"/>' +
  '<div aria-hidden="true"><label>Leave this empty<input type="text" tabindex="-1" autoComplete="off" name="_gotcha" value=""/></label></div>' +
  '<div><label for="f-name" class="field-label">Full name</label><input id="f-name" type="text" required="" autoComplete="name" class="field" name="name"/></div>' +
  '<div><label for="f-email" class="field-label">Email</label><input id="f-email" type="email" required="" class="field" name="email"/></div>' +
  '<div><label for="f-service" class="field-label">Service</label><select id="f-service" name="service" required="" class="field">' +
  '<option value="">Select a Service</option><option value="Other">Other</option></select></div>' +
  '<div><label for="f-message" class="field-label">Tell us about the job</label><textarea id="f-message" name="message" required="" rows="5" class="field"></textarea></div>' +
  '<button type="submit" class="btn btn-accent">Request My Free Quote</button></form><!--astro:end--></astro-island>';
const page = `<!DOCTYPE html><html lang="en-NZ"><head><title>Request a Free Quote</title></head><body><main><h1>Request a Free Quote</h1>${quoteForm}</main></body></html>`;

const values = {
  form_source: 'Quote Form',
  name: 'Aroha "<b>"',
  email: 'aroha@example',
  service: 'Other',
  message: 'Line one\n</textarea><script>alert(1)</script>',
};
const emailProblem = { field: 'email', message: FIELDS.email.format.message };
const messageProblem = { field: 'message', message: 'Please describe the work you need done.' };

describe('fillForm', () => {
  const filled = fillForm(page, 'Quote Form', values, [emailProblem, messageProblem])!;

  it('fills in every value, escaped, with the chosen option selected', () => {
    expect(filled).toContain('name="name" value="Aroha &quot;&lt;b&gt;&quot;"/>');
    expect(filled).toContain('name="email" value="aroha@example"');
    expect(filled).toContain('<option value="Other" selected="">Other</option>');
    expect(filled).toContain(
      '>Line one\n&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>',
    );
    expect(filled).not.toContain('<script>alert');
    // The honeypot stays empty
    expect(filled).toContain('name="_gotcha" value=""/>');
  });

  it('puts each problem under its field as the form marks it, and focuses the first', () => {
    expect(filled).toContain(
      'name="email" value="aroha@example" aria-invalid="true" aria-describedby="f-email-error" autofocus=""/>' +
        `<p id="f-email-error" class="field-error">${FIELDS.email.format.message}</p></div>`,
    );
    expect(filled).toContain(
      'class="field" aria-invalid="true" aria-describedby="f-message-error">Line one\n' +
        '&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea><p id="f-message-error" class="field-error">Please describe the work you need done.</p>',
    );
    expect(filled.match(/autofocus/g)).toHaveLength(1);
    expect(filled).not.toMatch(/name="name"[^>]*aria-invalid/);
  });

  it('says at the top of the form that nothing was sent, and in the title', () => {
    expect(filled).toMatch(
      /method="post"><div [^>]*><p class="font-bold">Your request has not been sent yet\.<\/p>/,
    );
    expect(filled).toContain('<title>Error: Request a Free Quote</title>');
  });

  it('takes the form out of its island, so it posts natively and is never hydrated over', () => {
    expect(filled).not.toContain('<astro-island');
    expect(filled).not.toContain('astro:end');
    expect(filled).toContain('<h1>Request a Free Quote</h1><form class="relative grid');
    expect(filled).toContain('</form></main></body></html>');
  });

  it('gives up, for the plainer answer, when the form or a field is not on the page', () => {
    expect(fillForm(page, 'Hero Form', values, [emailProblem])).toBeNull();
    expect(
      fillForm(page, 'Quote Form', values, [
        { field: 'phone', message: 'Please enter your phone number.' },
      ]),
    ).toBeNull();
    expect(fillForm(page, 'Quote Form', values, [])).toBeNull();
  });
});

describe('formPageWithProblems', () => {
  const built: PageFile = { html: page, csp: "default-src 'self'" };
  const read = async (path: string) => (path === '/quote' ? built : null);

  it("reads the form's own page and keeps its Content-Security-Policy", async () => {
    const answer = await formPageWithProblems(read, values, [emailProblem]);
    expect(answer?.csp).toBe("default-src 'self'");
    expect(answer?.html).toContain('aria-describedby="f-email-error"');
  });

  it('has nothing for an unknown form, a missing page or no built site', async () => {
    expect(
      await formPageWithProblems(read, { ...values, form_source: 'constructor' }, [emailProblem]),
    ).toBeNull();
    expect(
      await formPageWithProblems(read, { ...values, form_source: 'Hero Form' }, [emailProblem]),
    ).toBeNull();
    expect(await formPageWithProblems(undefined, values, [emailProblem])).toBeNull();
  });
});
