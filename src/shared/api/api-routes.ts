import type { Static } from '@sinclair/typebox';
import type { Coverage, PriceHistory, PriceHistoryQuery } from './catalogue/prices.schemas.js';
import type { FormFactor, FormFactorList } from './catalogue/form-factors.schemas.js';
import type { ImportJsonBody, ImportReport } from './catalogue/import.schemas.js';
import type { PriceChangesPage, PriceChangesQuery } from './catalogue/price-changes.schemas.js';
import type { Standard, StandardList, StandardQuery } from './catalogue/standards.schemas.js';
import type { SwitchPage, SwitchQuery } from './catalogue/switches.schemas.js';
import type { TransceiverCsvQuery, TransceiverDetail, TransceiverListQuery, TransceiverPage } from './catalogue/transceivers.schemas.js';
import type { VendorList, VendorQuery } from './catalogue/vendors.schemas.js';
import type { HypeCycleDetail, HypeCycleList, RegionalAdoption } from './forecast/forecast.schemas.js';
import type { ModelRequest, ModelResponse } from './forecast/what-if.schemas.js';
import type { Document, DocumentList, DocumentListQuery } from './documents.schemas.js';
import type { HealthResponse } from './health.schemas.js';
import type { JobList, JobRunPage, JobRunsQuery, RunStarted } from './jobs.schemas.js';
import type { NewsListQuery, NewsPage } from './news.schemas.js';
import type { LangQuery } from './schema-helpers.js';
import type { ProductSearchQuery, SearchQuery, SearchResponse, StatsResponse, TextSearchQuery } from './search.schemas.js';
import type { SystemInfo } from './system.schemas.js';
import type { TransportNetwork, TransportPlan, TransportPlanRequest } from './sales/transport.schemas.js';
import type { FinderQuery, FinderResult, SwitchDatasheet } from './sales/finder.schemas.js';
import type { TransceiverDatasheetAnswer } from './sales/datasheets.schemas.js';
import type { CompetitorAlertPage, CompetitorAlertsQuery } from './sales/competitor-alerts.schemas.js';
import type { HotTopicsPage, HotTopicsQuery } from './sales/hot-topics.schemas.js';
import type {
  DemandBySpeed,
  ForecastInput,
  ForecastInputQuery,
  HypeWeights,
  StockAnalysis,
  StockAnalysisQuery,
  VelocityBreakdown,
} from './sales/demand.schemas.js';
import type { DataStatus } from './data-status.schemas.js';
import type { TakeAlongStatus } from './take-along.schemas.js';
import type { LanguageModelStatusReply } from './blog/llm.schemas.js';
import type { Draft, DraftListQuery, DraftPage, GenerateBody } from './blog/blog-drafts.schemas.js';
import type { Feedback, FeedbackBody } from './blog/blog-feedback.schemas.js';
import type { QueueReset, QueueState } from './blog/blog-queue.schemas.js';

/**
 * The HTTP calls the dashboard makes, as types derived from the schemas the service validates and serialises with:
 * the path decides the query and the reply, so a field renamed in a schema fails the renderer's type-check.
 * Types only (every import is `import type`): nothing here reaches the renderer bundle.
 */

/** A query as a client may send it: the fields the service fills with a default may be left out. */
type WithDefaults<Q, K extends keyof Q> = Omit<Q, K> & Partial<Pick<Q, K>>;
type Lang = Static<typeof LangQuery>;

export interface ApiGetRoutes {
  '/api/health': { reply: HealthResponse };
  '/api/system': { reply: SystemInfo };
  '/search/stats': { reply: StatsResponse };
  '/api/form-factors': { query: Lang; reply: FormFactorList };
  '/api/form-factors/:name': { query: Lang; reply: FormFactor };
  '/api/standards': { query: StandardQuery; reply: StandardList };
  '/api/standards/:name': { query: Lang; reply: Standard };
  '/api/vendors': { query: VendorQuery; reply: VendorList };
  '/api/switches': { query: SwitchQuery; reply: SwitchPage };
  '/api/transceivers': { query: TransceiverListQuery; reply: TransceiverPage };
  '/api/transceivers/:id': { reply: TransceiverDetail };
  '/api/transceivers/:id/prices': { query: PriceHistoryQuery; reply: PriceHistory };
  '/api/coverage/prices': { reply: Coverage };
  '/api/price-changes': { query: WithDefaults<PriceChangesQuery, 'limit' | 'offset'>; reply: PriceChangesPage };
  '/api/hype-cycle': { reply: HypeCycleList };
  '/api/hype-cycle/:tech': { reply: HypeCycleDetail };
  '/api/hype-cycle/regional/:tech': { reply: RegionalAdoption };
  '/api/news': { query: WithDefaults<NewsListQuery, 'limit' | 'offset'>; reply: NewsPage };
  '/api/search': { query: SearchQuery; reply: SearchResponse };
  '/search/products': { query: ProductSearchQuery; reply: SearchResponse };
  '/search/news': { query: TextSearchQuery; reply: SearchResponse };
  '/api/documents': { query: WithDefaults<DocumentListQuery, 'limit' | 'offset'>; reply: DocumentList };
  '/api/documents/:id': { reply: Document };
  '/api/transport/network': { reply: TransportNetwork };
  '/api/jobs': { reply: JobList };
  '/api/jobs/runs': { query: JobRunsQuery; reply: JobRunPage };
  // sales: finder
  '/api/finder': { query: FinderQuery; reply: FinderResult };
  '/api/datasheets/switch/:id': { reply: SwitchDatasheet };
  // Datasheets (sales)
  '/api/datasheets/transceiver/:id': { reply: TransceiverDatasheetAnswer };
  // sales: competitor alerts and hot topics
  '/api/competitor-alerts': { query: CompetitorAlertsQuery; reply: CompetitorAlertPage };
  '/api/hot-topics': { query: HotTopicsQuery; reply: HotTopicsPage };
  // Internal demand analysis (sales part 6).
  '/api/internal/demand/by-speed': { reply: DemandBySpeed };
  '/api/internal/demand/velocity': { reply: VelocityBreakdown };
  '/api/internal/demand/hype-weights': { reply: HypeWeights };
  '/api/internal/demand/forecast-input': { query: ForecastInputQuery; reply: ForecastInput };
  '/api/internal/demand/stock-analysis': { query: StockAnalysisQuery; reply: StockAnalysis };

  '/api/data-status': { reply: DataStatus };
  '/api/take-along/status': { reply: TakeAlongStatus };

  // Blog engine: whether the language model can answer (features/blog/llm).
  '/api/blog/llm/status': { reply: LanguageModelStatusReply };
  // Blog engine (blog-pipeline): drafts and the pipeline queue
  '/api/blog': { query: DraftListQuery; reply: DraftPage };
  '/api/blog/:id': { reply: Draft };
  '/api/blog/llm/queue': { reply: QueueState };
}

/** POSTs that compute an answer without changing anything, so the dashboard may cache them like reads. */
export interface ApiPostRoutes {
  '/api/hype-cycle/model': { body: ModelRequest; reply: ModelResponse };
  '/api/transport/plan': { body: TransportPlanRequest; reply: TransportPlan };
}

/**
 * POSTs that change data: sent once when the user acts, never cached. `refusal` is the type of the `details` of the
 * route's 422 answer, where the service documents one (the import's report of its bad rows).
 */
export interface ApiActionRoutes {
  '/api/import/:kind': { body: ImportJsonBody; reply: ImportReport; refusal: ImportReport };
  /** No body: the job takes its settings from the service's configuration. */
  '/api/jobs/:name/run': { body: null; reply: RunStarted };
  // Blog engine (blog-pipeline)
  '/api/blog/generate': { body: GenerateBody; reply: Draft };
  /** No body: the pipeline runs again on the stored draft. */
  '/api/blog/:id/regenerate': { body: null; reply: Draft };
  '/api/blog/:id/resume': { body: null; reply: Draft };
  '/api/blog/:id/feedback': { body: FeedbackBody; reply: Feedback };
  '/api/blog/llm/reset-queue': { body: null; reply: QueueReset };
}

/** multipart/form-data uploads of one file (field `file`), answered with JSON. */
export interface ApiUploadRoutes {
  '/api/documents/process': { reply: Document };
}

/** DELETEs; they answer 204 without a body. */
export interface ApiDeleteRoutes {
  '/api/documents/:id': { reply: null };
  // Blog engine (blog-pipeline)
  '/api/blog/:id': { reply: null };
}

/** Files the dashboard downloads (the reply is not JSON). */
export interface ApiDownloadRoutes {
  '/api/transceivers.csv': { query: TransceiverCsvQuery };
  // Datasheets (sales): the exports take no query
  '/api/datasheets/transceiver/:id/html': { query: Record<string, never> };
  '/api/datasheets/transceiver/:id/pdf': { query: Record<string, never> };
  // Blog engine (blog-pipeline): a draft's exports take no query
  '/api/blog/:id/text': { query: Record<string, never> };
  '/api/blog/:id/html': { query: Record<string, never> };
}

export type GetPath = keyof ApiGetRoutes;
export type PostPath = keyof ApiPostRoutes;
export type DownloadPath = keyof ApiDownloadRoutes;
export type ActionPath = keyof ApiActionRoutes;
export type UploadPath = keyof ApiUploadRoutes;
export type DeletePath = keyof ApiDeleteRoutes;

/** "/api/transceivers/:id/prices" -> "id". */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

type QueryOf<R> = R extends { query: infer Q } ? Q : never;

/** What a call to a path takes besides the path: its path parameters (when it has any) and its query. */
export type RequestOf<P extends GetPath | DownloadPath> = ([ParamNames<P>] extends [never] ? { params?: undefined } : { params: PathParams<P> }) &
  ([QueryOf<(ApiGetRoutes & ApiDownloadRoutes)[P]>] extends [never] ? { query?: undefined } : { query?: QueryOf<(ApiGetRoutes & ApiDownloadRoutes)[P]> });

/** One GET call, path included; distributes over a union of paths so a caller may choose the path at run time. */
export type ApiCall<P extends GetPath = GetPath> = P extends GetPath ? { path: P } & RequestOf<P> : never;

export type GetReply<P extends GetPath> = ApiGetRoutes[P]['reply'];
export type PostBody<P extends PostPath> = ApiPostRoutes[P]['body'];
export type PostReply<P extends PostPath> = ApiPostRoutes[P]['reply'];
export type ActionBody<P extends ActionPath> = ApiActionRoutes[P]['body'];
export type ActionReply<P extends ActionPath> = ApiActionRoutes[P]['reply'];
export type ActionRefusal<P extends ActionPath> = ApiActionRoutes[P] extends { refusal: infer R } ? R : never;
export type UploadReply<P extends UploadPath> = ApiUploadRoutes[P]['reply'];
