"""A test news site with every kind of trouble the crawler must survive."""

from __future__ import annotations

from tests.plugins.news_server import NewsServer, article_html, atom, rss

__all__ = ["PARAS", "build_site"]

PARAS = {
    1: [
        "Власти Новосибирска объявили о строительстве нового моста через Обь, который свяжет "
        "левобережье с историческим центром города.",
        "Стоимость проекта оценивается в сорок миллиардов рублей, работы начнутся весной "
        "следующего года и продлятся четыре года.",
    ],
    2: [
        "В Казани открылся музей истории вычислительной техники, где собраны советские "
        "электронно-вычислительные машины и первые персональные компьютеры.",
        "Экспозиция занимает три зала, а часть экспонатов посетители могут включить и "
        "попробовать в работе под присмотром сотрудников.",
    ],
    9: [
        "Синоптики Гидрометцентра предупредили о сильных снегопадах в центральной России в "
        "ближайшие выходные, высота снежного покрова может превысить полметра.",
        "Коммунальные службы Москвы и Подмосковья переведены в режим повышенной готовности, "
        "на улицы выйдет дополнительная снегоуборочная техника.",
    ],
    11: [
        "Команда школьников из Екатеринбурга заняла первое место на международной олимпиаде "
        "по программированию, обойдя сборные двадцати стран.",
        "Победители получат гранты на обучение и приглашения на стажировки в крупнейших "
        "технологических компаниях страны.",
    ],
}

ENGLISH = [
    "The city council approved a new budget for road repairs on Tuesday, allocating funds "
    "for resurfacing works across the downtown area over the next two years.",
    "Officials said the works would start in spring and cause limited disruption to traffic.",
]


def build_site(server: NewsServer) -> dict[str, str]:
    """Serve the site; return the main feed URLs by kind."""
    u = server.url
    server.route("/robots.txt", "User-agent: *\nDisallow: /private/\n", content_type="text/plain")
    items = [
        {
            "link": u("/news/1"),
            "title": "Мост через Обь",
            "pubDate": "Sun, 29 Nov 2026 08:00:00 GMT",
        },
        {"link": u("/news/2"), "title": "Музей техники"},
        {"link": u("/news/3"), "title": "Удалённая новость"},
        {"link": u("/news/4"), "title": "Сломанная страница"},
        {"link": u("/news/5"), "title": "Медленная страница"},
        {"link": u("/news/6"), "title": "Мост через Обь (копия)"},
        {"link": "/news/7?utm_source=rss", "title": "Мост через Обь (перепечатка)"},
        {"link": u("/news/8"), "title": "English story"},
        {"link": u("/news/9"), "title": "Снегопады"},
        {"link": u("/private/10"), "title": "Закрытый раздел"},
        {"link": u("/news/1#comments"), "title": "Мост через Обь"},
    ]
    server.route("/feed.xml", rss(items), content_type="application/rss+xml", etag='"feed-v1"')
    server.route("/broken.xml", "<rss><channel><item><title>нет ссылки", content_type="text/xml")
    server.route(
        "/atom.xml",
        atom([{"link": u("/news/11"), "title": "Олимпиада", "updated": "2026-11-28T12:30:00Z"}]),
        content_type="application/atom+xml",
        last_modified="Sat, 28 Nov 2026 12:30:00 GMT",
    )
    server.route(
        "/news/1",
        article_html("Мост через Обь", PARAS[1], canonical=u("/news/1")),
        etag='"a1"',
    )
    server.route("/news/2", status=301, location=u("/articles/2"))
    server.route(
        "/articles/2",
        article_html("Музей техники", PARAS[2], published="2026-11-29T09:15:00+03:00"),
        etag='"a2"',
    )
    server.route("/news/3", "gone", status=404)
    server.route("/news/4", "boom", status=500)
    server.route("/news/5", article_html("Медленно", PARAS[2]), delay=4.0)
    server.route("/news/6", article_html("Мост через Обь", PARAS[1], canonical=u("/news/1")))
    server.route("/news/7?utm_source=rss", article_html("Мост через Обь", PARAS[1]))
    server.route("/news/8", article_html("Road repairs", ENGLISH))
    server.route("/news/9", article_html("Снегопады", PARAS[9]), fail_times=2)
    server.route("/private/10", article_html("Закрыто", PARAS[9]))
    server.route("/news/11", article_html("Олимпиада", PARAS[11]), etag='"a11"')
    return {
        "rss": u("/feed.xml"),
        "atom": u("/atom.xml"),
        "broken": u("/broken.xml"),
        "missing": u("/missing.xml"),
    }
