/**
 * Stable message keys (SPEC §5 validation texts, §8 error catalogue). The server sends them as problem `code`s
 * or field messages; the web app translates them. The English text here is the source for en-US.
 */
export const MESSAGES = {
  // §5 validation
  'validation.emailRequired': 'Email is required',
  'validation.emailInvalid': 'Invalid email format',
  'validation.passwordRequired': 'Password is required',
  'validation.passwordReenterRequired': 'Re-enter password is required',
  'validation.passwordMismatch': 'Passwords must match',
  'validation.oldPasswordRequired': 'Old password is required',
  'validation.newPasswordRequired': 'New password is required',
  'validation.passwordTooShort': 'Password must be at least 8 characters',
  'validation.passwordTooLong': 'Password must be at most 128 characters',
  'validation.passwordSameAsOld': 'The new password must differ from the old one',
  'validation.nameRequired': 'Name is required',
  'validation.firstNameRequired': 'First name is required',
  'validation.lastNameRequired': 'Last name is required',
  'validation.phoneInvalid': 'Phone number required and valid',
  'validation.zipInvalid': 'Zip code required and valid',
  'validation.cityInvalid': 'City required and valid',
  'validation.stateInvalid': 'State required and valid',
  'validation.countryInvalid': 'Country required and valid',
  'validation.usernameInvalid': 'Username is not valid',
  'validation.titleRequired': 'Title is required',
  'validation.commentRequired': 'Comment is required',
  'validation.pinLength': 'The length of Pin should be 6 digits',
  'validation.piaAcceptRequired': 'Please accept the notice to continue',
  'validation.invalid': 'Invalid value',
  'validation.tooLong': 'Too long',
  'validation.dateOutOfRange': 'Date must be between 1900-01-01 and 2099-12-31',
  'common.pleaseTryAgain': 'Please try again.',
  // §8 catalogue
  'error.generic.title': 'Ah! Something went wrong.',
  'error.generic.brace': 'Brace yourself till we get the error fixed.',
  'error.generic.refresh': 'You may also refresh the page or try again latter',
  'error.generic.tryAgain': 'Try again',
  'error.unauthorizedPage': 'You are not authorized for this page',
  'error.somethingWentWrong': 'Something went wrong, Please try again!',
  'error.404': "We can't find the page that you are looking for.",
  'error.500': 'We are facing internal server error and working towards to fix it soon.',
  'error.maintenance': 'Our site is under maintenance, back shortly.',
  'aws.emailAlreadyRegistered': 'The entered Email address is already registered!',
  'aws.alreadyStarterRegistration':
    'you have already started Signup Process, please enter security code to complete the process!',
  'aws.codeExpired': 'The Code you entered is expired, please signup again!',
  'aws.codeSent': 'A security code has been sent to your registered email',
  'aws.passwordSetSuccessfully': 'Password set successfully',
  'common.noRecordFound': 'No Record Found',
  'common.noUserFound': 'No User Found!',
  // API problem codes
  'auth.unauthorized': 'Your session has expired or is not valid. Please sign in again.',
  'auth.inactiveUser': 'Your account is inactive. Please contact your administrator.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.invalidCredentials': 'Invalid username or password',
  'auth.oldPasswordIncorrect': 'The old password is incorrect',
  'problem.notFound': 'The requested item was not found.',
  'problem.conflict': 'This conflicts with existing data.',
  'problem.validation': 'Some fields are not valid.',
  'problem.tooManyRequests': 'Too many requests. Please wait and try again.',
  'problem.payloadTooLarge': 'The request is too large.',
  'problem.internal': 'Something went wrong, Please try again!',
  'problem.unavailable': 'The service is temporarily unavailable.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];
