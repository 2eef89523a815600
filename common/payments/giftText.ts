// The words the server refuses a gift's number with, which the purchase form shows under that field.
export const GIFT_FORM_TEXT = {
  phone: 'Enter the Kenyan mobile number of the person you are giving this course to, like 0712 345 678.',
  ownNumber: 'This is your own number. To learn this course yourself, buy it instead of sending a gift.',
} as const;
