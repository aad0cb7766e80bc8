import Hummingbird

/// The router of the API: the health check, the product routes on `products` (the answer cache around
/// the product store) and the other `stores`, with the access-log and error middleware.
func buildRouter(
    products: CachedProductStore, stores: MarketStores, pictures: any PictureStore, demoPictures: DemoPictureMaker,
    configuration: ServerConfiguration
) -> Router<MarketRequestContext> {
    let router = Router(context: MarketRequestContext.self)
    router.middlewares.add(AccessLogMiddleware(metrics: products.metrics))
    router.middlewares.add(APIErrorMiddleware())
    router.get("/healthChecker") { _, _ in Responses.json("\"OK\"") }
    // Made at each request: the base is known once the port is (a server on port 0 learns it when bound).
    router.get("/openapi.yaml") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml(servedAt: products.baseURL))))
    }
    if let text = configuration.metricsText {
        router.get("/metrics") { _, _ in MetricsEndpoint.response(text()) }
    }
    ChangeStreamController(stream: products.stream).addRoutes(to: router)
    ReadinessCheck(products: stores.products, replicaID: configuration.replicaID).addRoutes(to: router)
    ProductController<MarketRequestContext>(
        products: products, vendors: stores.vendors, deleteTokens: stores.deleteTokens, pictureRecords: stores.pictures,
        pictures: pictures, demoPictures: demoPictures, thumbnails: ThumbnailMaker(), decoding: PictureDecoding(), now: configuration.now,
        deleteTokenLifetime: configuration.deleteTokenLifetime
    ).addRoutes(to: router)
    WishListController(
        keeper: stores.wishLists, issuers: configuration.wishListIssuers, now: configuration.now, quota: configuration.wishLists,
        rate: configuration.connections.maxConnectionsPerAddress == 0 ? nil : WriteRate(perMinute: configuration.wishListWritesPerMinute)
    ).addRoutes(to: router)
    return router
}
