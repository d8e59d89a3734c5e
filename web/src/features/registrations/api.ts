import { useMutation } from "@tanstack/react-query";
import type { RegistrationInput } from "@agency/core/contract/registrations";
import { api, ApiError } from "../../lib/api";

export const useRegister = () =>
  useMutation({
    mutationFn: (input: RegistrationInput) => api.post<{ success: true }>("/api/course-registrations", input),
  });

/** SPEC §8: any non-OK answer and a failed request have their own messages. */
export const submitErrorMessage = (err: unknown) =>
  err instanceof ApiError ? "Something went wrong. Please try again." : "Network error. Please try again.";
