import type { Db } from '@laundry/platform/db';
import type { DetectedPrice, PhotoCategory } from '@laundry/contracts';

export interface PhotoRow {
  id: string;
  laundromatId: string | null;
  userId: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  publicUrl: string | null;
  privateUrl: string | null;
  objectPath: string;
  thumbnailPath: string;
  caption: string | null;
  category: PhotoCategory | null;
  extractedText: string | null;
  ocrConfidence: number | null;
  ocrMetadata: Record<string, unknown> | null;
  detectedPrices: DetectedPrice[] | null;
  detectedServices: string[] | null;
  isPublic: boolean;
  isProcessed: boolean;
  createdAt: Date;
  /** Whether its uploader is the laundromat's verified owner now (the service's copy of the owners). */
  byOwner: boolean;
}

export type NewPhotoRow = Pick<
  PhotoRow,
  | 'id'
  | 'laundromatId'
  | 'userId'
  | 'fileName'
  | 'fileSize'
  | 'mimeType'
  | 'privateUrl'
  | 'objectPath'
  | 'thumbnailPath'
  | 'caption'
  | 'category'
  | 'isPublic'
>;

export interface OcrResult {
  extractedText: string;
  confidence: number;
  metadata: Record<string, unknown>;
  detectedPrices: DetectedPrice[];
  detectedServices: string[];
}

/** Which photos a list shows; a viewer also sees their own private photos. */
export interface PhotoListFilter {
  category?: PhotoCategory;
  laundromatId?: string;
  ownerId?: string;
  viewerId?: string;
  limit: number;
}

/** The photos the domain stores, lists and reads; infra/photo-repository.ts implements it. */
export interface PhotoRepository {
  insert(tx: Db, photo: NewPhotoRow): Promise<PhotoRow>;

  /** Read through `on` (a transaction) when given, else through the service's pool. */
  findById(id: string, on?: Db): Promise<PhotoRow | undefined>;

  /** The photo a stored image (display or thumbnail) belongs to. */
  findByObjectPath(objectPath: string): Promise<PhotoRow | undefined>;

  /** Newest first. */
  list(filter: PhotoListFilter): Promise<PhotoRow[]>;

  update(
    id: string,
    changes: { caption?: string | null; category: PhotoCategory; isPublic?: boolean },
  ): Promise<PhotoRow | undefined>;

  remove(id: string): Promise<void>;

  /** Stores what OCR read; false when the photo was deleted meanwhile or was already processed. */
  saveOcrResult(tx: Db, id: string, result: OcrResult): Promise<boolean>;
}
