/**
 * The wire contract shared by the client and the server (SPEC §3, §7).
 * `_id` is always a string on the wire; money is in dollars (2 decimals) on the wire
 * and in integer cents everywhere inside the server.
 */

export type MainCategory = 'Figures' | 'Fidgets' | 'Decoration' | 'Widgets';

export interface ColorVariant {
  color: string;
  image: string;
}

export interface AvailabilityFlags {
  outOfStock?: boolean;
  comingSoon?: boolean;
  preOrder?: boolean;
  limitedEdition?: boolean;
  notAvailableYet?: boolean;
}

export interface Accessory extends AvailabilityFlags {
  name: string;
  price: number;
  images: string[];
  description: string;
  isNew?: boolean;
}

export interface Product extends AvailabilityFlags {
  _id: string;
  name: string;
  description: string;
  /** Dollars. */
  price: number;
  /** Percent, 0–100. */
  discount: number;
  image: string[];
  mainCategory: MainCategory | string;
  subCategory: string;
  subSubCategory?: string;
  colorVariants: ColorVariant[];
  clothingSizes: string[];
  canvasSizes: string[];
  hasAccessory: boolean;
  accessories: Accessory[];
  isNewProduct?: boolean;
  vaulted?: boolean;
  bestseller?: boolean;
  /** Milliseconds since the epoch (creation date). */
  date: number;
  /** Average stars of approved reviews, one decimal; absent while the product has none. */
  rating?: number;
  /** How many approved reviews; absent while there are none. */
  reviewCount?: number;
  /** Options (cart variants, accessories included) that cannot be bought now; absent when none. */
  soldOutOptions?: string[];
}

export interface Bundle {
  _id: string;
  title: string;
  description: string;
  /** Dollars. */
  price: number;
  images: string[];
  /** ISO 8601. */
  startDate: string;
  /** ISO 8601. */
  endDate: string;
  cancelled: boolean;
  products: string[];
  /** The option (cart variant) the bundle holds of each product, by product id; absent: the first. */
  productOptions?: Record<string, string>;
  /** True when one of its products cannot be bought in the option the bundle holds. */
  outOfStock?: boolean;
}

export interface Settings {
  hiddenCategories: string[];
  hiddenProductTags: string[];
  showSupportInOrders: boolean;
  shopName: string;
  shopEmail: string;
  /** The built-in test card page takes the payments (nothing is charged): every page shows a ribbon. */
  testPayments: boolean;
  /** The shop's IANA zone (SHOP_TIMEZONE): the days shoppers and staff read dates in. Absent in older answers. */
  timeZone?: string;
}

/** A shopper, or one of the people who run the shop (the staff console under /staff). */
export type UserRole = 'shopper' | 'staff';

export interface User {
  name: string;
  email: string;
  /** Sent by the login and user-info answers. */
  role?: UserRole;
}

export interface Discount {
  code: string;
  percentage: number;
}

/** `itemId_variant` → quantity. */
export type CartData = Record<string, number>;

export interface Address {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: 'United States';
  phone: string;
  description?: string;
}

export interface OrderLineRequest {
  productId: string;
  name: string;
  quantity: number;
  /** The cart variant: 'color|size', 'accessory-N' or 'bundle'. */
  color: string;
  price: number;
  unitPrice: number;
  image: string;
}

export interface OrderRequest {
  address: Address;
  items: OrderLineRequest[];
  amount: number;
  description?: string;
  discountCode?: string;
  isBuyNow: boolean;
}

export type OrderStatus =
  | 'Payment Pending'
  | 'Order Placed'
  | 'Processing'
  | 'Delivered'
  | 'Cancelled'
  | 'Refunded';

export interface OrderItem {
  /** The product (or bundle) id of the line, when known. */
  productId?: string;
  name: string;
  image: string | string[];
  price?: number;
  unitPrice?: number;
  quantity: number;
  color: string;
  /** A bundle line: the products it held when it was ordered (later edits of the bundle change nothing here). */
  contents?: BundleContentItem[];
}

/** One product inside a bundle line, as it was when the order was placed. */
export interface BundleContentItem {
  productId: string;
  name: string;
  image: string;
}

export interface Order {
  _id: string;
  status: OrderStatus;
  items: OrderItem[];
  amount: number;
  paymentMethod: string;
  trackingNumber?: string;
  date: number;
  /** The order's number (#1001) once it is paid; null (or absent) before (src/domain/orderNumber.ts). */
  orderNumber?: number | null;
  /** Cancelled before any payment: a checkout, not an order (My Orders hides it unless asked). */
  abandoned?: boolean;
  /** What its refunds gave back so far (dollars), when any did. */
  refunded?: number;
  /** The carrier of the tracking number (USPS, UPS, FedEx, DHL, Other): the tracking link's (src/domain/tracking.ts). */
  carrier?: string;
  /** What My Orders' details show beyond the lines (the shopper's own orders only). */
  details?: ShopperOrderDetails;
  /** When a paid order ships ('YYYY-MM-DD' in the shop's zone), promised when it was paid. */
  shipBy?: string;
}

/** A refund of an order as its shopper sees it. */
export interface ShopperRefund {
  _id: string;
  amount: number;
  /** ISO date-time it was made. */
  at: string;
}

/** An order's delivery address, money breakdown (dollars) and refunds, for its shopper. */
export interface ShopperOrderDetails {
  address: Address;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  discountCode: string | null;
  refunds: ShopperRefund[];
}

export interface Conversation {
  _id: string;
  user: { _id: string; name: string };
}

export interface Message {
  _id: string;
  body: string;
  sender: { _id: string };
  conversation: string;
  isAdmin: boolean;
  createdAt: string;
}

export interface ProductListResponse {
  success: true;
  products: Product[];
}
export interface ProductSingleResponse {
  success: true;
  product: Product;
}
export interface BundleListResponse {
  success: true;
  bundles: Bundle[];
}
export interface SettingsResponse {
  success: true;
  settings: Settings;
}

/** Socket events, declared once for both sides (ARCHITECTURE.md). */
export interface ServerToClientEvents {
  newMessage: (message: Message) => void;
  orderUpdated: (order: Order) => void;
}
export interface ClientToServerEvents {
  join: (conversationId: string, ack?: (result: { ok: boolean; message?: string }) => void) => void;
}

/** POST /api/user/register and /api/user/login. */
export interface UserTokenResponse {
  success: true;
  token: string;
  message: string;
  /** The account's role: staff land on /staff. */
  role: UserRole;
}
/** GET /api/user/info. */
export interface UserInfoResponse {
  success: true;
  user: User;
  message?: string;
}
/** POST /api/user/forgot-password and /api/user/reset-password/{token}. */
export interface UserMessageResponse {
  success: true;
  message: string;
}

/** POST /api/discounts/validate. */
export interface DiscountValidateResponse {
  success: true;
  discount: Discount;
}

/** An order with what its confirmation shows: delivery address and the money breakdown (dollars). */
export interface PlacedOrder extends Order {
  address: Address;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  discountCode: string | null;
  isBuyNow: boolean;
}

/** The server's figures for an order request (dollars), as POST /api/order/quote answers them. */
export interface OrderQuote {
  subtotal: number;
  deliveryFee: number;
  discount: number;
  amount: number;
  discountCode: string | null;
  discountPercent: number;
}

/** POST /api/order/stripe (and /api/order/resume-payment): where to send the shopper to pay. */
export interface OrderSessionResponse {
  success: true;
  session_url: string;
  orderId: string;
  sessionId: string;
  /** The amount the session charges, in dollars. */
  amount: number;
}

/** POST /api/order/quote. */
export interface OrderQuoteResponse {
  success: true;
  quote: OrderQuote;
}

/** POST /api/order/verifyStripe: `success` says whether the order is paid; `order` when it is. */
export interface VerifyPaymentResponse {
  success: boolean;
  message?: string;
  order?: PlacedOrder;
}

/** POST /api/order/userorders: the caller's orders, oldest first (My Orders shows them reversed). */
export interface UserOrdersResponse {
  success: true;
  orders: Order[];
}

/** GET /api/conversations/general: the caller's support thread (created on first use), oldest message first. */
export interface ConversationResponse {
  success: true;
  conversation: Conversation;
  messages: Message[];
}

/** GET /api/conversations/general/unread and POST /api/conversations/general/read. */
export interface UnreadResponse {
  success: true;
  /** Staff messages the shopper has not read. */
  unread: number;
  conversationId: string;
}

/** POST /api/messages: the saved message (trimmed, with its id and time). */
export interface SendMessageResponse {
  success: true;
  message: Message;
}
