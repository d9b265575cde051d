import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A buyer attached to a listing (after signing its NDA). */
@Entity({ name: 'listing_buyers' })
export class ListingBuyer {
  @PrimaryColumn({ name: 'listing_id', type: 'uuid' })
  listingId!: string;

  @PrimaryColumn({ name: 'buyer_id', type: 'uuid' })
  buyerId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
