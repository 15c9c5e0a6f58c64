/** A form's text values by name, as the validation rules take them (these forms have no file inputs) */
export function formValues(data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of data) if (typeof value === 'string') values[name] = value;
  return values;
}

/**
 * Posts a form the way a hosted form service expects (multipart, asking for JSON) and reports
 * only whether it was accepted: the answer's body is not read.
 */
export async function submitForm(endpoint: string, data: FormData): Promise<void> {
  const response = await fetch(endpoint, {
    method: 'POST',
    body: data,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Form endpoint answered ${response.status}`);
}
