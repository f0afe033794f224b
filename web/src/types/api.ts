/**
 * Names for the API's types. Every shape comes from `openapi.gen.ts`, generated from the
 * server's OpenAPI document (`make api-types`; `make check-api-types` fails when it is out of
 * date), so the browser and the server cannot disagree unnoticed. Only aliases and the
 * lists of enum values the UI iterates over live here.
 */
import type { components } from './openapi.gen';

type Schemas = components['schemas'];

export type Role = Schemas['Role'];
export type Address = Schemas['Address'];
export type User = Schemas['User'];

export type Light = Schemas['Light'];
export type Water = Schemas['Water'];
export type Difficulty = Schemas['Difficulty'];
export type Care = Schemas['Care'];
export const LIGHTS: Light[] = ['low', 'medium', 'bright-indirect', 'full-sun'];
export const WATERS: Water[] = ['low', 'medium', 'high'];
export const DIFFICULTIES: Difficulty[] = ['easy', 'moderate', 'expert'];

export type Suggestion = Schemas['Suggestion'];
export type Plant = Schemas['Plant'];
export type PlantList = Schemas['PlantListReply'];

export type CartPlant = Schemas['CartPlant'];
export type CartItem = Schemas['CartItem'];
export type Cart = Schemas['Cart'];

export type OrderStatus = Schemas['OrderStatus'];
export const ORDER_STATUSES: OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];
export type OrderItem = Schemas['OrderItem'];
export type StatusChange = Schemas['StatusChange'];
export type Order = Schemas['Order'];
export type OrderList = Schemas['OrderPageReply'];

export type Rating = Schemas['Rating'];
export type AdminStats = Schemas['Stats'];

export type DemoAccount = Schemas['DemoAccount'];
export type OrderLimits = Schemas['OrderLimits'];
export type AppConfig = Schemas['ConfigReply'];

export type ErrorCode = Schemas['ErrorCode'];
export type FieldCode = Schemas['FieldCode'];
export type FieldError = Schemas['FieldError'];
export type Notice = Schemas['Notice'];

// Replies that carry a success `notice`.
export type OrderReply = Schemas['OrderReply'];
export type DeliveryRulesReply = Schemas['DeliveryRulesReply'];
export type ErrorBody = Schemas['ErrorBody'];
