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
  'validation.phoneInvalid': 'Enter a valid phone number',
  'validation.zipInvalid': 'Zip code required and valid',
  'validation.cityInvalid': 'City required and valid',
  'validation.stateInvalid': 'State required and valid',
  'validation.countryInvalid': 'Country required and valid',
  'validation.usernameRequired': 'Username is required',
  'validation.usernameInvalid': 'Username is not valid',
  'validation.titleRequired': 'Title is required',
  'validation.commentRequired': 'Comment is required',
  'validation.pinLength': 'The length of Pin should be 6 digits',
  'validation.piaAcceptRequired': 'Please accept the notice to continue',
  'validation.invalid': 'Invalid value',
  'validation.tooLong': 'At most {{max}} characters',
  'validation.dateOutOfRange': 'Date must be between {{min}} and {{max}}',
  'validation.textInvalid': 'Remove the hidden or broken characters (such as NUL) from this text',
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
  'problem.malformedRequest': 'The request is malformed and could not be read.',
  'problem.unsupportedMediaType': 'This type of content is not accepted here.',
  'problem.uriTooLong': 'The address of the request is too long.',
  'problem.internal': 'Something went wrong, Please try again!',
  'problem.unavailable': 'The service is temporarily unavailable.',
  // Organisation: field rules
  'validation.required': 'This field is required',
  'validation.companyRequired': 'Company is required',
  'validation.departmentRequired': 'Department is required',
  'validation.designationRequired': 'Designation is required',
  'validation.codeInvalid': 'Code must be 2 to 20 letters, digits, dashes or underscores',
  'validation.timezoneInvalid': 'Choose a valid time zone',
  'validation.currencyInvalid': 'Choose a valid currency',
  'validation.timeInvalid': 'Time must be HH:mm',
  'validation.trackingDaysInvalid': 'Choose at least one weekday (1 = Monday … 7 = Sunday), each once',
  'validation.trackingWindowInvalid': 'The end of the tracking window must be after its start',
  'validation.numberOutOfRange': 'Between {{min}} and {{max}}',
  'validation.amountInvalid': 'Enter an amount of zero or more',
  'validation.amountPositive': 'Enter an amount greater than zero',
  'validation.rolesRequired': 'Choose at least one role',
  'validation.statusInvalid': 'Choose a valid status',
  'validation.sortInvalid': 'This column cannot be sorted',
  'validation.pageSizeTooLarge': 'At most 100 rows per page',
  // Organisation: references and conflicts
  'org.companyNotFound': 'Company not found',
  'org.departmentNotFound': 'Department not found in this company',
  'org.zoneNotFound': 'Zone not found in this company',
  'org.designationNotFound': 'Designation not found in this company',
  'org.companyCodeTaken': 'This company code is already in use',
  'org.nameTaken': 'This name is already in use in the company',
  'org.zonesDisabled': 'Zones are not enabled for this company',
  'org.zonesExist': 'Zones cannot be turned off while the company has zones; delete them first',
  'org.companyInUse': 'The company still has departments, zones, designations, users, MSISDNs or invoices',
  'org.departmentInUse': 'The department still has employee MSISDNs or users',
  'org.zoneInUse': 'The zone still has employee MSISDNs or users',
  'org.designationInUse': 'The designation is still used by employee MSISDNs or users',
  'org.inUse': 'This item is still in use and cannot be deleted',
  // Users (portal administrators) and invitations
  'user.usernameTaken': 'This user name is already in use',
  'user.companyAdminNeedsCompany': 'A Company Admin needs a company',
  'user.departmentAdminNeedsDepartment': 'A Department Admin needs a department',
  'user.zoneAdminNeedsZone': 'A Zone Admin needs a zone of a company with zones enabled',
  'user.cannotChangeSelf': 'You cannot deactivate, delete or change the roles of your own account',
  'user.inUse': 'This user has audit history and cannot be deleted; deactivate the account instead',
  'invitation.codeInvalid': 'The security code or the email address is not valid',
  'invitation.tooManyAttempts': 'Too many wrong codes. Ask your administrator for a new invitation.',
  // Employee MSISDNs and consent
  'msisdn.taken': 'This number is already registered',
  'msisdn.numberChangeForbidden': 'Only a Super Admin can change the number itself',
  'msisdn.consentAlreadyGranted': 'The employee has already granted consent for this number',
  'msisdn.consentRequested': 'A consent request has been sent to the number',
  // MSISDN import
  'import.unsupportedType': 'Upload a CSV or XLSX file',
  'import.unreadable': 'The file could not be read',
  'import.empty': 'The file has no data rows',
  'import.missingColumns': 'Required columns are missing: msisdn, employeeName, department, designation',
  'import.tooManyRows': 'The file has too many rows (at most 10000)',
  'import.duplicateInFile': 'This number appears more than once in the file',
  // Location: locate refusals, network answers, positions and app ingest
  'location.noConsent': 'The employee has not granted consent to be located',
  'location.trackingOff': 'Tracking is turned off for this number',
  'location.outsideWindow': "Outside the company's tracking window",
  'location.companySuspended': 'The company is suspended',
  'location.rateLimited': 'Too many locate requests for this company. Please wait a minute and try again.',
  'location.networkError': 'The mobile network could not be reached. Please try again later.',
  'location.absentSubscriber': 'The phone is switched off or out of coverage',
  'location.unknownSubscriber': 'The mobile network does not know this number',
  'location.positionMethodFailure': 'The mobile network could not determine the position',
  'location.timeout': 'The mobile network did not answer in time',
  'location.positioningNotAllowed': 'The mobile network does not allow locating this number',
  'location.failed': 'The number could not be located',
  'location.rangeInvalid': 'The period must start before it ends and last at most 31 days',
  'location.coordinatesInvalid': 'Latitude must be between -90 and 90 and longitude between -180 and 180',
  'location.timeInvalid': 'The position time is missing, not valid, in the future or too old',
  'location.deviceTokenInvalid': 'Unknown or revoked device token',
  // POIs: geometry and assignment schedules
  'validation.poiShapeInvalid': 'Choose a circle or a polygon',
  'validation.poiRadiusOutOfRange': 'The radius must be between 25 m and 50 km',
  'validation.poiPositionInvalid': 'Each corner must be a longitude and a latitude',
  'validation.poiRingTooFewVertices': 'Each outline needs at least 3 corners that enclose an area',
  'validation.poiTooManyVertices': 'A polygon may have at most 500 corners in all',
  'validation.poiSelfIntersection': 'The outline must not cross or touch itself',
  'validation.poiRingsCross': 'A hole must not cross or touch the outline or another hole',
  'validation.poiHoleOutsideShell': 'Each hole must lie inside the outline',
  'validation.poiHolesOverlap': 'A hole must not lie inside another hole',
  'validation.poiPolygonTooLarge': 'A polygon may span at most 100 km',
  'validation.poiPolygonTooSmall': 'The area must be at least that of a circle with a 25 m radius',
  'validation.poiPurposeInvalid': 'Choose attendance site or visit',
  'validation.poiWindowsInvalid': 'Add one to four time windows',
  'validation.poiWindowsOverlap': 'Time windows must not overlap',
  'validation.validToBeforeFrom': 'The last valid day must not be before the first',
  'validation.colorInvalid': 'Choose a colour such as #1E88E5',
  'validation.tooMany': 'At most {{max}} items',
  'validation.periodEndBeforeStart': 'The end of the period must not be before its start',
  'validation.periodTooLong': 'The period may span at most {{max}} days',
  'report.companyRequired': 'Choose a company',
  'report.tooManyRows':
    'This export would hold {{rows}} rows; a {{format}} file holds at most {{max}}. Export CSV or choose a shorter period',
  'report.tooLargeToDownload': 'This result has {{rows}} rows: it is exported in the background',
  'report.exportNotReady': 'The export is not ready yet',
  'report.exportExpired': 'The export has expired; export again',
  'reportSchedule.timeInvalid': 'Give a time of day as HH:MM',
  'reportSchedule.weekdayRequired': 'Choose the day of the week',
  'reportSchedule.monthDayRequired': 'Choose the day of the month (1–28 or the last)',
  'reportSchedule.monthDayInvalid': 'Choose a day from 1 to 28, or the last day of the month',
  'reportSchedule.recipientsRequired': 'Add at least one recipient',
  'reportSchedule.recipientOutOfScope': 'This user is not in your scope, or is inactive',
  'reportSchedule.externalNotAllowed': 'Only a company administrator can add addresses outside the portal',
  'reportSchedule.periodIncomplete': 'Give both the first and the last day, or neither',
  'reportSchedule.alreadyRun': 'This period was already sent; choose another period',
  'poi.inUse': 'This POI still has assignments; remove them first, or make the POI inactive',
  'poi.limitReached': 'The company has reached its maximum number of POIs',
  'poi.externalRefTaken': 'Another POI of this company has this external reference',
  'poi.categoryNotFound': 'Category not found in this company',
  'poi.placementOutsideScope': 'You can only place a POI in your own department or zone',
  'poiCategory.inUse': 'This category is still used by POIs',
  'poiAssignment.msisdnsRequired': 'Choose at least one MSISDN',
  'poiAssignment.exists': 'This MSISDN is already assigned to this POI for this purpose',
  'poiAssignment.msisdnNotFound': 'MSISDN not found in your scope',
  'poiAssignment.poiNotFound': 'POI not found in your scope',
  'poiImport.unreadable': 'The file could not be read in the chosen format',
  'poiImport.empty': 'The file has no POIs',
  'poiImport.tooLarge': 'The file is too large (at most 5 MB)',
  'poiImport.tooManyRows': 'The file has too many POIs (at most 10000)',
  'poiImport.unsupportedGeometry': 'Only points with a radius and polygons can be imported',
  'poiImport.radiusRequired': 'Give lat, lon and radius_m for a circle, or a polygon as wkt',
  'poiImport.wktInvalid': 'The wkt must be a POLYGON in longitude-latitude order',
  'poiImport.duplicateRef': 'This external reference appears more than once in the file',
  'task.poiRequiredForAuto': 'Choose a POI: a visit there completes the task',
  'task.dueEndRequired': 'A due window needs an end',
  'task.dueEndBeforeStart': 'The end must be after the start',
  'task.statusInvalid': 'A task can only be set to pending or cancelled; assignments complete it',
  'task.poiNotFound': 'POI not found in this company',
  'task.placementOutsideScope': 'You can only place a task in your own department or zone',
  'task.hasCompletions':
    'Some assignments of this task are completed: cancel it instead, to keep their evidence',
  'taskAttachment.unreadable': 'The file could not be read',
  'taskAttachment.empty': 'The file is empty',
  'taskAttachment.tooLarge': 'The file is too large (at most 5 MB)',
  'taskAttachment.typeNotAllowed': 'Attach a PDF, an image (PNG, JPEG, WebP, GIF) or a text or CSV file',
  'taskAttachment.limitReached': 'A task holds at most 20 attachments',
  'task.weekdaysRequired': 'Choose at least one weekday',
  'attendance.shiftEmpty': 'The end must differ from the start (an earlier end ends the next day)',
  'attendance.absentAboveHalfDay': 'The absent threshold must not exceed the half-day threshold',
  'attendance.holidayDuplicate': 'Each date may appear once',
  'attendance.holidayOutsideList': 'Every holiday must fall between the list’s first and last day',
  'attendance.rangeTooLong': 'Choose at most 92 days',
  'attendance.shiftNotFound': 'Shift not found in this company',
  'attendance.shiftInUse': 'This shift is used by attendance sites; assign them another shift first',
  'attendance.holidayListNotFound': 'Holiday list not found in this company',
  'attendance.countryUnknown': 'No public holidays are known for this country',
  'attendance.shiftRequired': 'Choose the shift of this attendance site',
  'task.notOpen': 'This task is completed or cancelled',
  'taskAssignment.msisdnsRequired': 'Choose at least one MSISDN',
  'taskAssignment.msisdnNotFound': 'MSISDN not found in your scope',
  'taskAssignment.reasonRequired': 'Say why',
  'taskAssignment.manualNotAllowed': 'Only a visit to the POI completes this task',
  'taskAssignment.alreadyCompleted': 'This assignment is already completed',
  'taskAssignment.notCompleted': 'Only a completed assignment can be reopened',
  'billing.periodInvalid': 'Choose a month (YYYY-MM)',
  'billing.reasonRequired': 'Say why',
  'billing.rebatePercentTooHigh': 'A percentage rebate can be at most 100 %',
  'billing.notDraft': 'Only a draft can be issued or rebuilt; this invoice is already issued',
  'billing.notOpen': 'This invoice is void or fully settled',
  'billing.amountAboveBalance': 'The amount exceeds what is still owed on this invoice',
  'billing.cannotVoidPaid': 'An invoice with payments cannot be voided; issue a credit note instead',
  'billing.noTariff': 'This company has no tariff for the period',
  'billing.periodNotEnded': 'The month has not ended yet in the company’s time zone',
  'billing.tariffPeriodInvoiced': 'That month is already invoiced; a new tariff can start after it',
  'billing.pdfUnavailable': 'The invoice PDF could not be produced right now; please try again later',
  'notificationRule.eventTypesRequired': 'Choose at least one event',
  'notificationRule.channelsRequired': 'Choose at least one channel',
  'notificationRule.recipientsRequired': 'Add at least one recipient: a user or a role',
  'notificationRule.throttleIntervalRequired': 'Give the minimum interval in minutes',
  'notificationRule.recipientOutOfScope': 'This user is not in your scope, or is inactive',
  'notificationRule.filterOutOfScope': 'This item is not in your scope',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];

/**
 * Messages that name a limit, and the values each needs (`{{max}}` in its text). The schemas' limit builders
 * (schemas/limits.ts) write them; the server sends them as `errors[].params`, the UI interpolates them in the user's
 * language.
 */
export const MESSAGE_PARAMS = {
  'validation.tooLong': ['max'],
  'validation.tooMany': ['max'],
  'validation.numberOutOfRange': ['min', 'max'],
  'validation.dateOutOfRange': ['min', 'max'],
  'validation.periodTooLong': ['max'],
  'report.tooManyRows': ['rows', 'format', 'max'],
  'report.tooLargeToDownload': ['rows'],
} as const satisfies Partial<Record<MessageKey, readonly string[]>>;

/** The values a message names: numbers (a length, a range) or ISO dates. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message with the values it names: a field error's `code` and `params`. */
export interface FieldMessage {
  key: MessageKey;
  params?: MessageParams;
}

const isKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);

/**
 * One string for a zod issue or a form field error: the key, then its values as a query string
 * (`validation.tooLong?max=120`); a message without values is its bare key. parseFieldMessage reads it back.
 */
export function fieldMessage(key: MessageKey, params?: MessageParams): string {
  if (!params || Object.keys(params).length === 0) return key;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) query.append(name, String(value));
  return `${key}?${query.toString()}`;
}

/** The key and values of a fieldMessage string; undefined when it names no message key. */
export function parseFieldMessage(text: string): FieldMessage | undefined {
  const mark = text.indexOf('?');
  const key = mark < 0 ? text : text.slice(0, mark);
  if (!isKey(key)) return undefined;
  if (mark < 0) return { key };
  const params: Record<string, string | number> = {};
  new URLSearchParams(text.slice(mark + 1)).forEach((value, name) => {
    params[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  });
  return { key, params };
}

/** The English text of a message with its values filled in (`At most 120 characters`): the server's field text. */
export function messageText(key: MessageKey, params?: MessageParams): string {
  return MESSAGES[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}
