// The spec's texts (product-spec §5 and §8), shown exactly as written.
export const messages = {
  emailRequired: "Email is required",
  emailInvalid: "Not a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  unexpectedError: "Unexpected error occured. Please try again.",
  confirmError: "Error confirming email. Please try again.",
  confirmInvalidLink: "Invalid confirmation link.",
  emailConfirmed: "Email confirmed! You are now signed in.",
  pageNotFound: "Page not found",
} as const;

export const MIN_PASSWORD_LENGTH = 6;
