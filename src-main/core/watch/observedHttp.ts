// An http client that reports every error its requests meet before passing it on. The SSE reader handles a
// 429 or 501 on connect by itself (waiting, or stopping quietly); the watcher needs to see them to fall back
// to polling and to keep other jobs from asking for streams the service will refuse.
import { ApiError, HttpClient, type HttpClientOptions, type HttpRequest, type HttpResponse } from '../api';

export class ObservedHttpClient extends HttpClient {
  constructor(
    options: HttpClientOptions,
    private readonly onFailure: (error: ApiError) => void,
  ) {
    super(options);
  }

  override async send(request: HttpRequest): Promise<HttpResponse> {
    try {
      return await super.send(request);
    } catch (error) {
      if (error instanceof ApiError) this.onFailure(error);
      throw error;
    }
  }
}
