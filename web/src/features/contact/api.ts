import { useMutation } from "@tanstack/react-query";
import type { ContactInput } from "@agency/core/contract/contact";
import { api } from "../../lib/api";

export const useSendContact = () => useMutation({ mutationFn: (input: ContactInput) => api.post<{ success: true }>("/api/contact", input) });
