/** The answers of the account routes (server/routes/accounts.ts and the plugins it registers). */
import { flag, integer, nullableText, object, text, type Schema } from './answers';

/** The signed-in client as login and the profile answer it. */
export const PUBLIC_USER: Schema = object(
  {
    id: integer,
    uid: text,
    first_name: text,
    last_name: text,
    other_name: nullableText,
    email: text,
    phone: nullableText,
    id_number: nullableText,
    decision_emails: flag,
  },
  ['id', 'uid', 'first_name', 'last_name', 'email'],
);

export const LOGIN_ANSWER: Schema = object({ ...(PUBLIC_USER.properties as Record<string, Schema>), token: text }, [
  'id',
  'uid',
  'first_name',
  'last_name',
  'email',
  'token',
]);

export const REGISTERED: Schema = object({ email: text, telephone: text }, ['email', 'telephone']);
export const CODE_CONFIRMED: Schema = object({ confirmed: flag, password_token: text }, [
  'confirmed',
  'password_token',
]);
export const DONE: Schema = object({ done: flag }, ['done']);
/** A reset step: the password set (`done`), or a code sent when the name has an account (`sent`). */
export const RESET_STEP: Schema = object({ done: flag, sent: flag });
export const LANGUAGE_SET: Schema = object({ language: text }, ['language']);
