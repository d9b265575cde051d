import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** A signed buyer NDA (spec part 1 §3 fields, without the password), one per buyer and listing. */
@Entity({ name: 'buyer_ndas' })
@Unique('buyer_ndas_buyer_listing_uq', ['buyerId', 'listingId'])
export class BuyerNda {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'buyer_id', type: 'uuid' })
  buyerId!: string;

  @Column({ name: 'listing_id', type: 'uuid' })
  listingId!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 200 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 200 })
  lastName!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 50 })
  phone!: string;

  @Column({ type: 'text', nullable: true })
  organization!: string | null;

  @Column({ name: 'address_line1', type: 'text', nullable: true })
  addressLine1!: string | null;

  @Column({ name: 'address_line2', type: 'text', nullable: true })
  addressLine2!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({ type: 'text', nullable: true })
  state!: string | null;

  @Column({ name: 'zip_code', type: 'text', nullable: true })
  zipCode!: string | null;

  @Column({ name: 'available_money', type: 'text', nullable: true })
  availableMoney!: string | null;

  @Column({ name: 'minimum_income', type: 'text', nullable: true })
  minimumIncome!: string | null;

  @Column({ name: 'total_price_willing', type: 'text', nullable: true })
  totalPriceWilling!: string | null;

  @Column({ name: 'california_regions', type: 'text', array: true, default: () => "'{}'" })
  californiaRegions!: string[];

  @Column({ name: 'time_frame_to_purchase', type: 'varchar', length: 40, nullable: true })
  timeFrameToPurchase!: string | null;

  @Column({ name: 'agreement_accepted', type: 'boolean' })
  agreementAccepted!: boolean;

  /** The typed full-name signature. */
  @Column({ name: 'signer_name', type: 'varchar', length: 400 })
  signerName!: string;

  @Column({ name: 'signed_at', type: 'timestamptz' })
  signedAt!: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  /** sha256 (hex) of the NDA text signed (contracts ndaText()); null on NDAs recorded before issue 24. */
  @Column({ name: 'text_sha256', type: 'varchar', length: 64, nullable: true })
  textSha256!: string | null;

  /** contracts NDA_TEXT_VERSION at signature; null on NDAs recorded before issue 24. */
  @Column({ name: 'text_version', type: 'varchar', length: 40, nullable: true })
  textVersion!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
