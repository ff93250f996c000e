/** The staff catalog API's own wire shapes (discounts as staff see them, uploaded pictures). */

export interface StaffDiscount {
  code: string;
  percentage: number;
  active: boolean;
  expiresAt: string | null;
  /** Paid orders that used the code. */
  timesUsed: number;
  createdAt: string;
}

/** POST /api/staff/uploads `image`: every stored width of an uploaded picture. */
export interface UploadedImage {
  _id: string;
  /** The widest version: what a product's `image` list holds. */
  url: string;
  width: number;
  height: number;
  /** Every stored width, narrowest first, for `srcset`. */
  sizes: { url: string; width: number; height: number }[];
  /** Ready for an <img srcset>: "/uploads/<id>-320.webp 320w, …". */
  srcset: string;
}
