import { useEffect, type RefObject } from 'react';

/**
 * Once the form is hydrated, our validation (with its toasts and inline messages) takes over
 * from the browser's; until then, and without JavaScript, `required` and `type` still apply.
 */
export function useScriptValidation(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, [form]);
}
