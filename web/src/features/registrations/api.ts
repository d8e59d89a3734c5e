import { useMutation } from "@tanstack/react-query";
import type { RegistrationInput } from "@agency/core/contract/registrations";
import { api } from "../../lib/api";

export const useRegister = () =>
  useMutation({
    mutationFn: (input: RegistrationInput) => api.post<{ success: true }>("/api/course-registrations", input),
  });
