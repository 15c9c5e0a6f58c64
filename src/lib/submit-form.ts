/**
 * Posts a form the way a hosted form service expects (multipart, asking for JSON) and reports
 * only whether it was accepted: the answer's body is not read.
 */
export async function submitForm(endpoint: string, form: HTMLFormElement): Promise<void> {
  const response = await fetch(endpoint, { method: 'POST', body: new FormData(form), headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Form endpoint answered ${response.status}`);
}
