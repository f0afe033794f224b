/** Shapes of the Hariyali HTTP API (see shared/spec/contract.md). */

export type Role = 'customer' | 'admin';

export interface Address {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  /** Optional: a place nearby the courier can ask for. */
  landmark?: string;
  /** Optional: who takes the parcel, when not the account holder. */
  recipientName?: string;
}

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
  address?: Partial<Address> | null;
  createdAt?: string;
}

// Issue 19: care at a glance, Hindi names, suggestions.
export type Light = 'low' | 'medium' | 'bright-indirect' | 'full-sun';
export type Water = 'low' | 'medium' | 'high';
export type Difficulty = 'easy' | 'moderate' | 'expert';
export const LIGHTS: Light[] = ['low', 'medium', 'bright-indirect', 'full-sun'];
export const WATERS: Water[] = ['low', 'medium', 'high'];
export const DIFFICULTIES: Difficulty[] = ['easy', 'moderate', 'expert'];

export interface Care {
  light: Light;
  water: Water;
  difficulty: Difficulty;
  petSafe: boolean;
  childSafe: boolean;
}

/** One answer of `GET /plants/suggest` (at most 8, best first). */
export interface Suggestion {
  _id: string;
  plantId: string;
  name: string;
  nameHi: string | null;
  /** The card-size picture. */
  image: string | null;
  price: number;
}

export interface Plant {
  _id: string;
  plantId: string;
  name: string;
  /** Hindi name and description; null when the shop has none (English is shown). */
  nameHi?: string | null;
  description: string;
  descriptionHi?: string | null;
  /** Null when the shop does not know. */
  care?: Care | null;
  image: string | null;
  thumbnail?: string | null;
  price: number;
  originalPrice: number | null;
  stock: number;
  categories: string[];
  rating: number;
  reviewCount: number;
  createdAt: string;
  updatedAt?: string;
}

export interface PlantList {
  plants: Plant[];
  total: number;
  page: number;
  pages: number;
}

export interface CartPlant {
  _id: string;
  name: string;
  nameHi?: string | null;
  image: string | null;
  thumbnail?: string | null;
  price: number;
  stock: number;
}

export interface CartItem {
  plantId: CartPlant;
  quantity: number;
}

export interface Cart {
  items: CartItem[];
  total: number;
}

export type OrderStatus = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

export const ORDER_STATUSES: OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];

export interface OrderItem {
  plantId: string | null;
  plantName: string;
  /** The plant's current Hindi name, if it has one. */
  plantNameHi?: string | null;
  price: number;
  quantity: number;
  rated?: boolean;
  /** Optional hint from the server: false once the plant was deleted. */
  available?: boolean;
  /** The plant's current card picture, while it is still sold. */
  image?: string | null;
}

export interface StatusChange {
  status: OrderStatus;
  at: string;
}

export interface Order {
  _id: string;
  items: OrderItem[];
  total: number;
  status: OrderStatus;
  deliveryAddress: Address;
  statusHistory?: StatusChange[];
  createdAt: string;
  updatedAt: string;
  customerName?: string;
  customerEmail?: string;
  /** Issue 20: the estimate promised at checkout (null on older orders). */
  deliveryEstimate?: { minDays: number; maxDays: number; earliest: string; latest: string } | null;
}

export interface OrderList {
  orders: Order[];
  total: number;
  page: number;
  pages: number;
}

export interface Rating {
  plantId: string;
  orderId: string;
  rating: number;
  /** Issue 20: the written review, if any. */
  review?: string | null;
}

export interface AdminStats {
  totalOrders: number;
  totalRevenue: number;
  ordersByStatus: { _id: OrderStatus; count: number }[];
  recentOrders: { _id: string; customerName: string; total: number; status: OrderStatus; createdAt: string }[];
}

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

export interface OrderLimits {
  maxPerPlant: number;
  maxOrderRupees: number;
  maxPendingOrders: number;
}

export interface AppConfig {
  demo: { enabled: boolean; accounts: DemoAccount[] };
  categories: string[];
  /** How customers reach the shop (server flags/env); missing from an older server. */
  shop?: {
    shopName: string;
    supportEmail: string;
    supportPhone: string | null;
    supportWhatsapp: string | null;
    grievanceOfficer: string | null;
    grievanceEmail: string;
  };
  /** The shop's limits on one order (absent from older servers). */
  orderLimits?: OrderLimits;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  success: false;
  message?: string;
  error?: string;
  errors?: FieldError[];
}
