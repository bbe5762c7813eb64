/**
 * A long form refused on the page (its checks failed): the first field with an error is brought
 * into view and focused, so that Save at the bottom of the business profile does not seem to do
 * nothing while the errors sit at the top (the QA). Runs after React has drawn the errors.
 */
export function showFirstError(form: HTMLElement | null | undefined = document.body): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  });
}
