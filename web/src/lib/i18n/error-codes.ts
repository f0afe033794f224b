/**
 * Server errors translated by their stable `code`, not by their English sentence: the server
 * may reword a message without losing its translation. English shows the server's own
 * message (the spec's text); other languages show the text of the code's key when it has
 * one, else the message as sent (through `tm`, which still knows the spec's sentences).
 */
import type { ErrorCode, FieldCode } from '@/types/api';
import type { MessageKey } from './en';

export const ERROR_CODE_TEXT: Partial<Record<ErrorCode, MessageKey>> = {
  invalid_credentials: 'login.invalid',
  login_required: 'err.401',
  session_ended: 'err.code.sessionEnded',
  forbidden: 'err.403',
  not_found: 'err.404',
  plant_not_found: 'plant.fetchFailed',
  order_not_found: 'err.code.orderNotFound',
  cart_item_not_found: 'err.code.cartItemNotFound',
  cart_empty: 'cart.empty',
  image_too_large: 'v.imageSize',
  email_taken: 'err.code.emailTaken',
  plant_name_taken: 'err.code.plantNameTaken',
  cancel_not_allowed: 'err.code.cancelNotAllowed',
  order_not_delivered: 'err.code.orderNotDelivered',
  rate_limited: 'err.code.rateLimited',
  server_error: 'err.500',
};

/** Field rules with a fixed sentence; `invalid` (a spec section 5 rule) names none. */
export const FIELD_CODE_TEXT: Partial<Record<FieldCode, MessageKey>> = {
  current_password_incorrect: 'err.code.currentPasswordIncorrect',
  pin_not_served: 'delivery.notServed',
  image_too_large: 'v.imageSize',
  image_type: 'v.imageType',
};
