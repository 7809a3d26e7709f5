import CounterStack
import Day2
import FeatureCatalog
import OnlineStore

/// Every lesson feature the playground has built in: the catalogs of the lesson modules.
public let lessonCatalogs: [Catalog] = [day2Catalog, onlineStoreCatalog, counterStackCatalog]

/// The lesson catalogs as one, for a session.
public let lessonCatalog = Catalog.merging(lessonCatalogs)
