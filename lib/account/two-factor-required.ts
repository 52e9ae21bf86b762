/**
 * The sign-in error next-auth reports when the password was right and the account asks for its
 * second factor: the sign-in form then asks for the code (no Node-only import: the form uses it).
 */
export const TWO_FACTOR_REQUIRED = "TwoFactorRequired";
