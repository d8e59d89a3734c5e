/**
 * The public forms' schemas are loaded when a visitor starts on a form rather than with the page:
 * zod and the contract's schemas take about 20 ms of main-thread work to load and build (four times
 * that on a mid-range phone), a long task in the middle of the page's hydration, for a form most
 * visitors never fill in. A form asks for them when it first takes the focus (`preloadFormSchemas`)
 * and awaits them on submit, by then long loaded. A failed load is forgotten, so the next submit
 * tries again.
 */
type FormSchemas = typeof import("./public-form-schemas");

let loading: Promise<FormSchemas> | undefined;

export function formSchemas(): Promise<FormSchemas> {
  loading ??= import("./public-form-schemas").catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** For a form's onFocus: starts the load, its failure left to the submit that needs it. */
export const preloadFormSchemas = () => {
  formSchemas().catch(() => undefined);
};
