"""Whether a set question's answer is every member its texts give, in one tense.

A set is asked only when nothing in its evidence names a member it lacks: a role listed with
the members («Писатель, поэт и журналист Дмитрий Быков» for {писатель, журналист}), a quoted
name of the same kind in a sentence about the subject («Картер выпустит альбом «4:44»» for
his works), and only when its members are all current or all former («бывший
вице-президент Лукойла» beside a present post cannot be asked in one tense).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dragon_bench.nlp.lexicon import DISEASES, PROFESSIONS
from dragon_bench.questions.morph import analyzer, lemmas
from dragon_bench.questions.names import animate_role
from dragon_bench.questions.sampling import Fact, FactGraph
from dragon_bench.questions.vocab import PLACES, SENTENCE_BREAK
from dragon_bench.types import Triple

__all__ = [
    "AWARD_HOLDERS",
    "activity",
    "former",
    "evidence_time",
    "holder_title",
    "listed_beside",
    "listed_roles",
    "other_kin",
    "other_memberships",
    "missing_member",
    "not_yet",
    "other_awards",
    "other_posts",
    "other_workplaces",
    "finer_place",
    "other_charges",
    "other_conditions",
    "time_bounded",
    "told_past",
    "unnamed_events",
    "untold_roles",
    "unlisted_work",
    "uncertain_penalty",
    "stem_of",
    "works_elsewhere",
]

_CHAIN = re.compile(r"[А-Яа-яЁё-]+(?:(?:\s*,\s*|\s+и\s+)[А-Яа-яЁё-]+)+")
_QUOTED = re.compile(r"«([^«»]{1,60})»")
# «некогда», «в прошлом», «ранее» before the role mark it former too («Долгих, некогда
# секретарь ЦК КПСС, а теперь ...»); «в прошлом году» is no former time
_FORMER = re.compile(
    r"(?:бывш\w*|экс-|прежн\w*|тогдашн\w*|отставн\w*|\bнекогда|\bв прошлом|\bранее)\s*$",
    re.IGNORECASE,
)
# set relations whose members are names a text may quote
_QUOTED_KINDS = frozenset({"PRODUCES", "WORKPLACE", "MEMBER_OF", "AWARDED_WITH", "OWNER_OF"})
_PREFIX = re.compile(r"^(?:кино|теле|фото|радио|видео|медиа|шоу-|поп-|рок-)(?=\w{4})")
_SENTENCE = SENTENCE_BREAK


def _sentence(texts: Mapping[str, str], doc_id: str, span: tuple[int, int]) -> str:
    return texts.get(doc_id, "")[span[0] : span[1]]


def former(fact: Fact, texts: Mapping[str, str]) -> bool:
    """A past fact, or a role the texts call former («бывший премьер Кейта»)."""
    if fact.tense == "past":
        return True
    for t in fact.triples:
        before = texts.get(t.doc_id, "")[max(0, t.object_span[0] - 25) : t.object_span[0]]
        if _FORMER.search(before):
            return True
    return False


# a word the dictionary lacks that names a person by its suffix («ультрамарафонец», «википедист»)
_AGENT = re.compile(r"(?:ец|ист|истка|тель|тельница|чик|щик|ник|ница)$")


def _is_noun(word: str) -> bool:
    low = word.lower()
    if not analyzer().word_is_known(low):
        return _AGENT.search(low) is not None
    parses = analyzer().parse(low)
    return bool(parses) and parses[0].tag.POS == "NOUN"


def _role_lemma(word: str) -> str:
    """A listed role's lemma as a person's role («критика» of «писатель и критика»: критик)."""
    shown = animate_role(word.lower())
    if shown != word.lower():
        return shown
    return lemmas(word)[0] if lemmas(word) else word.lower()


def listed_roles(facts: Sequence[Fact], texts: Mapping[str, str], *, heads: bool = False) -> bool:
    """A one-word role listed beside a member role that is not a member itself; with
    `heads`, a member's head word listed so too («ультрамарафонец, википедист, член НП
    «Викимедиа РУ» Дмитрий Ерохин» for the one role «член НП «Викимедиа РУ»»)."""
    members = {w for f in facts for w in lemmas(f.object)}
    singles = {lemmas(f.object)[0] for f in facts if len(lemmas(f.object)) == 1 or heads}
    for f in facts:
        for t in f.triples:
            for chain in _CHAIN.findall(_sentence(texts, t.doc_id, t.sentence_span)):
                words = [w for w in re.split(r"\s*,\s*|\s+и\s+", chain) if w]
                found = [_role_lemma(w) for w in words]
                if not set(found) & singles:
                    continue
                if any(x not in members and _is_noun(w) for w, x in zip(words, found, strict=True)):
                    return True
    return False


# an activity, not a post or trade («занимается предпринимательством и политикой»)
_ACTIVITY_NOUN = re.compile(r"(?:ство|ика|изм|ние|тура|бизнес)$")


def activity(role: str) -> bool:
    """A role named by an activity noun («предпринимательство», «политика»): no person's post."""
    words = lemmas(role)
    if not words or words[0] in PROFESSIONS:
        return False
    parse = analyzer().parse(words[0])[:1]
    inanimate = any(p.tag.POS == "NOUN" and p.tag.animacy == "inan" for p in parse)
    return inanimate and _ACTIVITY_NOUN.search(words[0].replace("ё", "е")) is not None


# a post told by a verb, not a role noun: «Глебова, управлявшая Рособрнадзором»
_HEADED = re.compile(
    r"(?:управлявш\w*|руководивш\w*|возглавлявш\w*|возглавляющ\w*|руководящ\w*|возглавля[ле]т|"
    r"возглавлял\w*|руководит\b|руководят\b|возглавил\w*|руководил\w*)\s+([«A-ZА-ЯЁ][^,.;:()]{0,50})"
)
_HEADS = frozenset(
    {"руководитель", "руководительница", "глава", "директор", "гендиректор", "председатель"}
    | {"начальник", "начальница", "управляющий", "президент", "лидер", "министр", "мэр"}
    | {"губернатор", "ректор", "главный", "генеральный", "шеф", "замглавы"}
)


def _headed_unlisted(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """An evidence sentence says the subject heads something no member names («В 2005 году
    Варичев возглавил «Михайловский ГОК»» beside {глава «Металлоинвеста», ...}), or heads
    something and no member is a head."""
    heads = any(set(lemmas(f.object)) & _HEADS for f in facts)
    words = {w for f in facts for w in lemmas(f.object)}
    for f in facts:
        for t in f.triples:
            for m in _HEADED.finditer(_sentence(texts, t.doc_id, t.sentence_span)):
                named = {w for w in lemmas(m.group(1).strip("« ")) if len(w) >= 3}
                if not heads or (named and not named & words):
                    return True
    return False


# kin named in an evidence sentence by a kinship word and a name («старшей дочерью Ребби»)
_KIN = re.compile(r"(?:брат|сестр|сестёр|дочер|дочь|сын|близнец)\w*\s+([А-ЯЁ][а-яё]+)")
_KIN_KINDS = frozenset({"SIBLING", "PARENT_OF", "RELATIVE"})


def _kin_unlisted(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """An evidence sentence names kin by a kinship word whom no member's name holds."""
    names = {w.lower() for f in facts for w in re.findall(r"\w+", f.object)}
    names |= {w.lower() for f in facts for w in re.findall(r"\w+", f.subject)}
    for f in facts:
        for t in f.triples:
            for name in _KIN.findall(_sentence(texts, t.doc_id, t.sentence_span)):
                if not {name.lower(), *lemmas(name)} & names:
                    return True
    return False


def _stem(name: str) -> str:
    """A surname less its case ending; a short one whole («Фо», «Али»: indeclinable, and
    `_find` reads it as a word, not inside «Форум» or «Италии»)."""
    word = name.split()[-1] if name.split() else ""
    if len(word) < 4:
        return word if len(name.split()) > 1 and len(word) >= 2 and word[:1].isupper() else ""
    return word[: max(4, len(word) - 2)]


def _find(text: str, stem: str) -> int:
    """Where `text` names the person of `stem` (-1 for nowhere): a short stem as a word."""
    if len(stem) >= 4:
        return text.find(stem)
    m = re.search(rf"(?<![\w-]){re.escape(stem)}(?![\w-])", text) if stem else None
    return m.start() if m else -1


def stem_of(name: str) -> str:
    """A person's surname less its case ending («Соловьёва» / «Соловьёв»: «Соловь»)."""
    return _stem(name)


def _quoted_others(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """A quoted name in a sentence naming the subject that shares no word with a member."""
    members = [set(lemmas(f.object)) for f in facts]
    seen: set[tuple[str, str]] = set()
    for f in facts:
        for t in f.triples:
            text = texts.get(t.doc_id, "")
            stem = _stem(text[t.subject_span[0] : t.subject_span[1]])
            if not stem or (t.doc_id, stem) in seen:
                continue
            seen.add((t.doc_id, stem))
            for sentence in _SENTENCE.split(text):
                if _find(sentence, stem) < 0:
                    continue
                for name in _QUOTED.findall(sentence):
                    words = set(lemmas(name))
                    if len(name.split()) <= 5 and words and not any(words & m for m in members):
                        return True
    return False


_QUOTED_WORK = re.compile(r"«([^«»]{1,60})»|''([^']{1,60})''")


def _quoted_in_evidence(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """A work an evidence sentence quotes that is neither a member nor the subject («музыкант
    анонсировал выход нового студийного альбома «4:44»» beside the song «Adnis», which «войдёт
    в пластинку»): figures and Latin names too, whose sentences need not name the subject."""
    known = {w for f in facts for w in lemmas(f.object)} | set(lemmas(facts[0].subject))
    for f in facts:
        for t in f.triples:
            for pair in _QUOTED_WORK.findall(_sentence(texts, t.doc_id, t.sentence_span)):
                words = set(lemmas(pair[0] or pair[1]))
                if words and not words & known:
                    return True
    return False


# a name a text gives as a band's, a project's or a firm's, not a work («(проект «Метро»)»)
_NOT_WORK = r"(?:проект\w*|групп\w*|коллектив\w*|ансамбл\w*|лейбл\w*|студи\w*|компани\w*)"


def _not_a_work(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    for f in facts:
        name = re.escape(f.object.strip("«»\"'"))
        said = re.compile(rf"\b{_NOT_WORK}\s+[«\"']*{name}", re.IGNORECASE)
        if any(said.search(texts.get(d, "")) for d in f.doc_ids):
            return True
    return False


# a verb or a role after a copula that places its subject in an organisation
_WORKED = re.compile(
    r"\b(?:работал\w*|работает|работают|преподава\w*|преподаёт|возглавля\w*|возглавил\w*|"
    r"руководил\w*|руководит|служил\w*|служит|трудил\w*|трудится|"
    r"(?:был|была|стал|стала|является|являлся|являлась|назначен\w*)\s+(?:[а-яё]+\s+)?"
    r"(?:президентом|директором|председателем|главой|руководителем|ректором|сотрудник\w*|"
    r"начальником|редактором|министром|членом))\b([^.;!?]{0,80})",
    re.IGNORECASE,
)
_NAMED = re.compile(r"«([^«»]+)»|\b([A-ZА-ЯЁ][\w-]+)")
# a trade after a dash, its subject elided or named before («С 1980 года и до конца жизни —
# актёр Театра комедии имени Акимова», «Петров — солист Большого театра»): a workplace told
# by the genitive after the trade
_DASH_TRADE = re.compile(r"(?:^|\s)[—–]\s+([а-яё-]+)\s+([^.;!?]{0,80})")
# a sentence opening with a time and going on without a subject («С 1980 года — актёр ...»,
# «В 1990 году перешёл в ...»)
_WHEN_OPENS = re.compile(
    r"^\s*(?:в|с)\s+\d{4}(?:-[хе]|\s+(?:году|года|г\.?|годах))?\s*", re.IGNORECASE
)
_PERSONAL = frozenset({"Name", "Surn", "Patr", "Geox"})
_CONTINUES = re.compile(r"^\s*(?:он|она)\b", re.IGNORECASE)


def _opens_with_verb(sentence: str, kinds: tuple[str, ...] = ("VERB",)) -> bool:
    words = re.findall(r"[А-Яа-яЁё]+", sentence)[:1]
    return bool(words) and any(p.tag.POS in kinds for p in analyzer().parse(words[0].lower())[:1])


# a verb or noun of studying that places its subject in a school («Учился в Коллеж де Франс»)
_STUDIED = re.compile(
    r"\b(?:учил(?:ся|ась|ись)|окончил\w*|закончил\w*|поступил\w*|выпускни\w*|обучал\w*|"
    r"слушал\w*\s+лекци\w*|стажировал\w*|аспирантур\w*|образовани\w*)\b([^.;!?]{0,80})",
    re.IGNORECASE,
)


# a school's head noun («... педагогический университет, в 2000 году — ... институт ...»)
_SCHOOL_NOUN = re.compile(
    r"\b(?:университет|институт|училищ|колледж|академи|консерватори|семинари|школ)\w*",
    re.IGNORECASE,
)


def other_schools(fact: Fact, texts: Mapping[str, str]) -> bool:
    """The subject's documents place the subject in a school other than the answer («Где
    учился Владимир Зворыкин?» -> the Petersburg institute, while he also studied at the
    «Коллеж де Франс»): as `other_workplaces`, with verbs of studying; or the school's own
    sentence names a second school («В 1996 году он окончил Московский государственный
    открытый педагогический университет, в 2000 году — Московский государственный институт
    международных отношений»), whatever the KG holds."""
    own = {w[:5] for w in fact.object.lower().split()}
    for t in fact.triples:
        text = texts.get(t.doc_id, "")
        (start, end), (o_start, o_end) = t.sentence_span, t.object_span
        for m in _SCHOOL_NOUN.finditer(text, start, end):
            # the answer's own head noun, inside or next to a span cut short («Тверском»)
            near = o_start - 30 <= m.start() < o_end + 30
            if o_start <= m.start() < o_end or (near and m.group(0).lower()[:5] in own):
                continue
            return True
    return other_workplaces(fact, texts, _STUDIED)


# a former trade told right before the person («экс-пограничник Вадим Зайцев», «бывший
# милиционер ...»): a service or workplace before the one the fact names
_FORMER_TRADE = re.compile(r"(?:\bэкс-|\bбывш\w+\s+)[а-яё-]+\s+$")


def _former_trade(fact: Fact, texts: Mapping[str, str]) -> bool:
    """The fact's own sentence calls the subject by a former trade («Главным чекистом страны
    стал ... экс-пограничник Вадим Зайцев» for «Где служил Вадим Зайцев?» -> КГБ)."""
    for t in fact.triples:
        s0 = t.subject_span[0]
        if _FORMER_TRADE.search(texts.get(t.doc_id, "")[max(0, s0 - 40) : s0].lower()):
            return True
    return False


# a place named before the answer after the verb of birth, death or home («родился в японской
# префектуре Канагава на острове Хонсю»): Russian names the finer place first, so the answer
# is not the most specific place told, and «Где родился ...?» has several answers
_PLACE_VERBS = re.compile(
    r"родил\w*|родом|уроженец|уроженк\w*|умер\w*|скончал\w*|погиб\w*|жив[её]т|жил\w*|"
    r"прожива\w*"
)
_CAPITAL = re.compile(r"(?<![\w-])[A-ZА-ЯЁ][a-zа-яё]")


def finer_place(fact: Fact, texts: Mapping[str, str]) -> bool:
    """A place of birth, death or home asked while its sentence names a finer place before
    it, after the verb («Где родился Юкия Амано?» -> Хонсю, while «родился в японской
    префектуре Канагава на острове Хонсю»)."""
    for t in fact.triples:
        text = texts.get(t.doc_id, "")
        start, o0 = t.sentence_span[0], t.object_span[0]
        lo = max(start, o0 - 80)
        verbs = list(_PLACE_VERBS.finditer(text[lo:o0].lower()))
        if not verbs:
            continue
        s0, s1 = t.subject_span
        between = "".join(" " if s0 <= i < s1 else text[i] for i in range(lo + verbs[-1].end(), o0))
        if _CAPITAL.search(between):
            return True
    return False


# a charge, a trial or a sentence told of the subject («приговорён ... по обвинению в попытке
# организовать вооружённый мятеж», «статья 282 УК РФ», «оказался на скамье подсудимых»)
_CHARGED = re.compile(
    r"обвин\w*|подозрени\w*|подозрева\w*|осужд\w*|осуди\w*|приговор\w*|подсудим\w*|"
    r"\bстать[яиюе]\s+\d|\d+-(?:й|я|ой)\s+стать\w*|уголовн\w+\s+дел\w*"
)


# a charge told as one more: «обвиняют также в передаче ...», «также обвинили в ...»
_ALSO_CHARGED = re.compile(
    r"\b(?:также|тоже|кроме того|помимо)\s+(?:\w+\s+){0,2}?(?:обвин|осужд|осуди|приговор|подозрева)"
    r"|(?:обвин|осужд|осуди|приговор|подозрева)\w*\s+(?:\w+\s+)?(?:также|тоже)\b"
)
# the main person charged by a pronoun: «Тогда же его обвинили в связях с ХАМАС»
_PRONOUN_CHARGED = re.compile(
    r"\b(?:его|её|ее|ему|ей|он|она)\s+(?:\w+\s+)?(?:обвин|осудил|осуди|приговор|подозрева)"
)


def _sentences_of(
    text: str, stem: str, goes_on: Callable[[str], bool] | None = None
) -> Iterator[str]:
    """The sentences of a text about the person of `stem`: those naming it, and, in a text
    whose title or lead names it (its main person), those going on without a subject («Он
    ...», or what `goes_on` accepts: by default a sentence opening with its verb)."""
    main = _find(" ".join(_SENTENCE.split(text.strip(), 2)[:2]), stem) >= 0  # the title, lead
    for sentence in _SENTENCE.split(text):
        if _find(sentence, stem) >= 0 or (
            main
            and (_CONTINUES.match(sentence) is not None or (goes_on or _opens_with_verb)(sentence))
        ):
            yield sentence


def _charged_on(sentence: str) -> bool:
    """A sentence going on about a charged person: opening with its verb, or «его обвиняют»."""
    return _opens_with_verb(sentence) or _PRONOUN_CHARGED.search(sentence.lower()) is not None


def other_charges(fact: Fact, texts: Mapping[str, str]) -> bool:
    """A sentence about the subject other than the fact's own tells a charge, a trial or a
    sentence that does not name the answer («В чём обвиняли Владимира Квачкова?» ->
    «подготовка покушения», while he was also tried for a mutiny and under article 282): a
    charge is one of several, as a school or a workplace (`other_schools`)."""
    stem = _stem(fact.subject)
    own = {w[:5] for w in lemmas(fact.object) if len(w) >= 4}
    if not stem:
        return False
    for doc_id in fact.doc_ids:
        text = texts.get(doc_id, "")
        told = [_sentence(texts, t.doc_id, t.sentence_span) for t in fact.triples]
        if any(_ALSO_CHARGED.search(s.lower()) for s in told):
            return True  # «Мурси ... обвиняют также в передаче секретных документов»
        if unlisted([fact], texts):
            return True  # «по обвинению в убийстве и незаконном обороте оружия»
        for sentence in _sentences_of(text, stem, _charged_on):
            if any(sentence.strip() in s or s.strip() in sentence for s in told):
                continue
            if _CHARGED.search(sentence.lower()) and not own & {w[:5] for w in lemmas(sentence)}:
                return True
    return False


# an award told of someone: an order, a medal, a prize, an honorary title («Заслуженным
# артистом РСФСР», «орденом «За заслуги перед Отечеством»»), or several at once («орденами»)
# with the name after it («премии Соннинга», «орденом «Знак Почёта»»), and an honorary degree or
# citizenship («почётный доктор римского университета»)
_AWARD = re.compile(
    r"\b(?:орден\w*|медал\w*|преми\w*|(?:заслуженн|народн)\w+\s+(?:артист|художник|"
    r"учител|врач|деятел|тренер|мастер|юрист|строител)\w*|почётн\w+\s+(?:доктор|гражданин|"
    r"гражданк|профессор|член)\w*)(?:\s+«[^»]{1,60}»|(?-i:(?:\s+(?:имени\s+)?[A-ZА-ЯЁ][\w-]+){1,3}))?",
    re.IGNORECASE,
)
_AWARDS = re.compile(r"\b(?:орденами|медалями|премиями|наградами|званиями)\b", re.IGNORECASE)
_WHEN_FIRST = re.compile(r"^\s*(?:в|с)\s+\d{4}\s+(?:году|г\.?)\s*[,—-]?\s*", re.IGNORECASE)


def _goes_on_awarded(sentence: str) -> bool:
    """A sentence going on about a text's main person with a verb or a short participle («В
    2010 году награждён орденом Почёта») or a holder's title («Лауреат Нобелевской премии по
    литературе (1997), премии Соннинга (1981)»)."""
    rest = _WHEN_FIRST.sub("", sentence)
    first = lemmas(rest)[:1]
    return _opens_with_verb(rest, ("VERB", "PRTS")) or bool(first) and first[0] in AWARD_HOLDERS


def other_awards(fact: Fact, graph: FactGraph, texts: Mapping[str, str]) -> bool:
    """The subject holds awards other than the answer: the KG gives another, or a sentence
    about the subject (its name, or, in a text about it, a sentence going on with a verb:
    «В 1987 году стал Заслуженным артистом РСФСР») tells an award the answer does not name,
    or several at once («награжден орденами ...»). «Какой награды удостоился тот, кто умер
    30 августа 2015 года?» -> «народный артист РФ» has several answers then (g 154, g 233)."""
    if graph.object_ids(fact.subject_id, "AWARDED_WITH") - {fact.object_id}:
        return True
    stem = _stem(fact.subject)
    own = {w.replace("ё", "е")[:5] for w in lemmas(fact.object)}  # «Нобеля» / «нобелевская»
    own |= {w.replace("ё", "е")[:5] for w in lemmas(fact.subject)}  # «... России Олег Веснин»
    if not stem:
        return False
    for doc_id in fact.doc_ids:
        text = texts.get(doc_id, "")
        for sentence in _sentences_of(text, stem, _goes_on_awarded):
            if _AWARDS.search(sentence):
                return True
            for m in _AWARD.finditer(sentence):
                words = {w.replace("ё", "е")[:5] for w in lemmas(m.group(0))}
                if not words <= own:
                    return True
    return False


# words for any illness, the answer's own too («после продолжительной болезни» beside «рак»)
_ANY_ILLNESS = frozenset({"болезнь", "заболевание", "недуг", "недомогание", "приступ"})
_PRONOUN = re.compile(r"\b(?:он|она|его|её|ее|ему|ей|него|неё|нему|ней)\b", re.IGNORECASE)


def other_conditions(fact: Fact, texts: Mapping[str, str]) -> bool:
    """A sentence about the subject (its name, or, in a text about it, a verb or a pronoun
    of it: «В течение многих десятилетий он боролся с болезнью Паркинсона») names an
    illness the answer does not («Каким заболеванием страдал тот, кто родился 17 января 1942
    года?» -> «пневмония» of Мохаммед Али, while he fought Parkinson's disease too)."""
    stem = _stem(fact.subject)
    own = {w.replace("ё", "е") for w in lemmas(fact.object)}
    if not stem:
        return False
    for doc_id in fact.doc_ids:
        text = texts.get(doc_id, "")
        for sentence in _sentences_of(
            text, stem, lambda s: _opens_with_verb(s) or _PRONOUN.search(s) is not None
        ):
            found = {w.replace("ё", "е") for w in lemmas(sentence)} & DISEASES
            if found - _ANY_ILLNESS - own:
                return True
    return False


def _goes_on_when(sentence: str) -> bool:
    """A sentence going on about a text's main person after a time («С 1980 года и до конца
    жизни — актёр ...», «В 1990 году перешёл ...»): its verb or a dash after the time."""
    rest = _WHEN_OPENS.sub("", sentence)
    if rest == sentence:
        return _opens_with_verb(sentence)
    return _opens_with_verb(rest) or re.match(r"[^—–.,]{0,30}[—–]\s", rest) is not None


def other_workplaces(
    fact: Fact, texts: Mapping[str, str], verbs: re.Pattern[str] | None = None
) -> bool:
    """The subject's documents place the subject in an organisation other than the answer
    («Преподавал в Высшей партийной школе. ... Возглавлял редакцию журнала «Русская речь»» for
    «В какой организации работал Виталий Костомаров?» -> «Институт Пушкина»): several
    workplaces fit the question. Sentences about the subject name its surname, or, in a
    document whose opening names it (its main person), go on without a subject («Он ...», a
    sentence opening with its verb)."""
    if verbs is None and _former_trade(fact, texts):
        return True
    known = {w[:4] for w in lemmas(fact.object) if len(w) >= 3}
    known |= {w.lower()[:4] for w in re.findall(r"\w+", fact.subject)}
    stem = _stem(fact.subject)
    if not stem:
        return False
    for doc_id in fact.doc_ids:
        text = texts.get(doc_id, "")
        for sentence in _sentences_of(text, stem, _goes_on_when):
            told = [m.group(1) for m in (verbs or _WORKED).finditer(sentence)]
            if verbs is None:
                told += [
                    m.group(2)
                    for m in _DASH_TRADE.finditer(sentence)
                    if _role_lemma(m.group(1)).replace("ё", "е") in PROFESSIONS
                ]
            for said in told:
                at = _find(said, stem)  # «член партии «Лига Севера» Тони Ивоби (Toni Iwobi)»:
                said = said[:at] if at >= 0 else said  # past the name, another clause's words
                for quoted, word in _NAMED.findall(said):
                    name = quoted or word
                    head = lemmas(name)[:1]
                    if not head or head[0][:4] in known or name[:4].lower() in known:
                        continue
                    parse = analyzer().parse(name.split()[0].lower())[0]
                    if not quoted and _PERSONAL & set(parse.tag.grammemes):
                        continue  # a place or a person, not an organisation
                    return True
    return False


# a verb or noun of membership that places its subject in a body («избран в Сенат Италии»,
# «вступил в «Единую Россию»», «член партии «Лига Севера»», «входит в совет директоров»);
# with `_PARTY_JOINED`, a party's or a faction's membership alone
_JOINED = re.compile(
    r"\b(?:избран\w*|избрали|избрал[аи]?|вступил\w*|вступает|вош(?:ёл|ел|ла|ли)|входит|"
    r"входил\w*|состоит|состоял\w*|член\w*|сенатор\w*|депутат\w*)(?=\s+((?:в\s+|во\s+)?[^.;!?]{0,80}))",
    re.IGNORECASE,
)
_PARTY_JOINED = re.compile(
    r"\b(?:вступил\w*|вступает|вош(?:ёл|ел|ла|ли)|входит|входил\w*|состоит|состоял\w*|член\w*)"
    r"(?=\s+(?:в\s+|во\s+)?((?:парти|фракци|движени|блок)\w*\s+[^.;!?]{0,80}))",
    re.IGNORECASE,
)


def other_memberships(fact: Fact, graph: FactGraph, texts: Mapping[str, str], party: bool) -> bool:
    """The subject is a member of another body too: the KG gives one, or a sentence about the
    subject tells one by a verb or noun of membership («член партии «Лига Севера» Тони Ивоби
    избран в Сенат Италии» for «В какую организацию входит Тони Ивоби?»). A question naming
    the kind («В какой партии состоит ...?», `party`) has one answer while one party is told."""
    if not party and graph.object_ids(fact.subject_id, "MEMBER_OF") - {fact.object_id}:
        return True
    return other_workplaces(fact, texts, _PARTY_JOINED if party else _JOINED)


def works_elsewhere(f: Fact, graph: FactGraph) -> bool:
    """A place one works in, beside another workplace in the KG: «В каком городе работал
    Юкия Амано?» → Марсель, while МАГАТЭ, where he was director general, is in Вена; «В каком
    регионе работал Маккаррик?» → Нью-Джерси beside the city Ньюарк."""
    return (
        f.relation == "WORKPLACE"
        and f.object_type in PLACES
        and bool(graph.object_ids(f.subject_id, "WORKPLACE") - {f.object_id})
    )


# a post or trade told after a verb or noun of holding one («занимает должность руководителя
# совета», «назначил Зворыкина руководителем», «получив диплом инженера»)
_HOLDS = re.compile(
    r"\b(?:должност\w*|пост\w*|назнач\w*|избран\w*|диплом\w*|работал\w*|работает|служил\w*|"
    r"стал|стала|является|являлся|являлась)\s+((?:[\w.-]+\s+){0,2}[\w-]+)",
    re.IGNORECASE,
)


def _head(role: str) -> str:
    words = lemmas(role)
    return words[0].replace("ё", "е").split("-")[0] if words else ""


# who won or holds an award, not the award nor a trade («победитель XIV конкурса имени
# Чайковского», «полный кавалер ордена «За заслуги перед Отечеством»»)
AWARD_HOLDERS = frozenset({"победитель", "победительница", "лауреат", "обладатель", "кавалер"})
AWARD_HOLDERS |= {"обладательница", "призёр", "призер", "чемпион", "чемпионка", "финалист"}
AWARD_HOLDERS |= {"финалистка", "дипломант", "дипломантка"}


def holder_title(award: str) -> bool:
    """The name of an award's holder, not of the award («полный кавалер ордена ...», «лауреат
    Государственной премии»): no answer to «Какую награду получил ...?»."""
    for word in lemmas(award):
        if word.replace("ё", "е") in AWARD_HOLDERS or word in AWARD_HOLDERS:
            return True
        parse = analyzer().parse(word)[0]
        if parse.tag.POS not in ("ADJF", "PRTF", "NUMR") and not word.isdigit():
            return False  # past the adjectives («полный», «трёхкратный»): the head noun
    return False


# what one wins or takes part in, not a post or trade («финалист Олимпиады», «лауреат премии»)
_NO_TRADE = AWARD_HOLDERS | {"участник", "участница", "кандидат", "водитель", "студент"}
_NO_TRADE |= {"студентка", "сотрудник", "сотрудница"}


def _trades(words: str) -> set[str]:
    found = {w.replace("ё", "е").split("-")[0] for w in lemmas(words)}
    return {w for w in found if w in PROFESSIONS and w not in _NO_TRADE}


def _cases(word: str, name: bool = False) -> set[str]:
    """The cases a word may be in; a name's as a name where the dictionary knows it so
    («Петра»: the genitive of Пётр, not a plural)."""
    parses = [p for p in analyzer().parse(word.lower()) if p.tag.case]
    named = [p for p in parses if {"Name", "Surn", "Patr"} & set(p.tag.grammemes)]
    return {str(p.tag.case) for p in (named if name and named else parses)}


def _in_apposition(before: list[str], name: str) -> set[str]:
    """Trades among the words just before a name that agree with it in case («изобретателю
    телевидения Владимиру Зворыкину»; not «Доктор Питера Капальди», a role he plays)."""
    first = re.findall(r"\w+", name)[:1]
    want = _cases(first[0], name=True) if first else set()
    return {t for w in before for t in _trades(w) if _cases(w) & want}


def other_posts(fact: Fact, graph: FactGraph, texts: Mapping[str, str]) -> bool:
    """The subject holds posts or trades other than the answer: the KG gives the subject, or
    a name of the subject's surname in the same documents, another role (below the question
    threshold too: «академик», «профессор» beside «президент Института Пушкина»), or a text
    names a trade in apposition to the subject («изобретателю ... Владимиру Зворыкину» beside
    «... диплом инженера») or after a verb of holding a post («Тимченко занимает должность
    руководителя совета» beside «сенатор»). A question asking for *the* post or profession
    then has several answers."""
    own = _head(fact.object)
    answer = {w.replace("ё", "е").split("-")[0] for w in lemmas(fact.object)}
    stem = _stem(fact.subject)
    given = fact.subject.split()
    first = given[0].lower() if len(given) > 1 else ""
    docs = set(fact.doc_ids)
    heads: set[str] = set()
    for g in graph.all_facts:
        if g.relation != "WORKS_AS" or not docs & set(g.doc_ids):
            continue
        if g.subject_id == fact.subject_id or (stem and _stem(g.subject) == stem):
            heads.add(_head(g.object))
    for doc_id in docs if stem else ():
        for sentence in _SENTENCE.split(texts.get(doc_id, "")):
            at = _find(sentence, stem)
            if at < 0:
                continue
            words = re.findall(r"[\w-]+", sentence[:at])
            name = sentence[at:]
            if words and re.fullmatch(r"[А-ЯЁA-Z]\w+", words[-1]):  # the first name
                if first and words[-1][:3].lower() != first[:3]:
                    continue  # kin of the surname («брат актрисы Мии Фэрроу»)
                name, words = f"{words[-1]} {name}", words[:-1]
            heads |= _in_apposition(words[-3:], name)
            # a verb of holding a post about the subject: just before or after its name
            for m in _HOLDS.finditer(sentence[max(0, at - 30) : at + 80]):
                heads |= _trades(m.group(1))
    heads.discard("")
    return bool(heads - answer - {own})


# who a work may be by when it is the set subject's: its members, founders, employers
_TIES = frozenset({"WORKPLACE", "MEMBER_OF", "PART_OF", "FOUNDED_BY"})


def unlisted_work(facts: Sequence[Fact], graph: FactGraph) -> bool:
    """A set of works misses a work the KG holds in the same documents that is by nobody it
    knows, by the subject or by one tied to the subject (a band's singer, a singer's band):
    «Firestarter», a Prodigy track its vocalist sang, beside The Prodigy's albums; «4:44»,
    announced by «the musician»."""
    if not facts or facts[0].relation != "PRODUCES":
        return False
    subject = facts[0].subject_id
    docs = {d for f in facts for d in f.doc_ids}
    members = {f.object_id for f in facts}
    bags = [set(lemmas(f.object)) for f in facts]
    tied = {subject}
    works: dict[str, str] = {}
    creators: dict[str, set[str]] = {}
    played: set[str] = set()  # works someone took part in (a role, a song in a film)
    for f in graph.all_facts:
        if f.relation in _TIES and subject in (f.subject_id, f.object_id):
            tied |= {f.subject_id, f.object_id}
        if f.relation == "PRODUCES":
            creators.setdefault(f.object_id, set()).add(f.subject_id)
        if f.relation == "PARTICIPANT_IN":
            played.add(f.object_id)
        if not docs & set(f.doc_ids):
            continue
        for ident, kind, name in (
            (f.subject_id, f.subject_type, f.subject),
            (f.object_id, f.object_type, f.object),
        ):
            if kind == "WORK_OF_ART" and ident not in members:
                works[ident] = name
    for ident, name in works.items():
        words = set(lemmas(name))
        if any(words <= b or b <= words for b in bags):
            continue  # the same work under a longer or shorter name
        by = creators.get(ident, set())
        if by & tied or (not by and ident not in played):
            return True  # a film one acted in is no missing work of one's own
    return False


# one post under several names: the head of a government is its premier, the head of a state
# (a republic's, as the news write it) its president, a body's head its leader or chief
_ONE_POST = {
    ("глава", "правительство"): "премьер",
    ("председатель", "правительство"): "премьер",
    ("премьер-министр",): "премьер",
    ("глава", "государство"): "президент",
}
_HEAD_NOUNS = frozenset({"глава", "руководитель", "начальник"})


def post_key(role: str) -> tuple[str, ...]:
    """A post's words as one name of it: «глава правительства Словении» and «премьер-министр
    Словении» are («премьер», «словения»), «руководитель ФСБ» and «начальник ФСБ» one."""
    words = [_PREFIX.sub("", w.replace("ё", "е")) for w in lemmas(role)]
    for name, post in _ONE_POST.items():
        if tuple(words[: len(name)]) == name:
            return (post, *words[len(name) :])
    if len(words) > 1 and words[0] in _HEAD_NOUNS:
        return ("глава", *words[1:])
    return tuple(words)


def _one_post_twice(facts: Sequence[Fact]) -> bool:
    """Two members name one post: the same words as `post_key` reads them, or one the other
    with what it heads left out («премьер» and «премьер-министр Словении»)."""
    keys = [post_key(f.object) for f in facts]
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if a and b and (a[: len(b)] == b or b[: len(a)] == a):
                return True
    return False


# a verb of taking up a post: the role it gives is the new one
_BECAME = re.compile(
    r"\b(?:стал|стала|стали|становится|станови\w+|назначен\w*|избран\w*|заняла?|"
    r"вступила?|возглавила?|сменила?)\b",
    re.IGNORECASE,
)
# a post one is only put forward for («кандидатом на пост посла», «выдвинут на должность»)
_PUT_FORWARD = re.compile(
    r"(?:кандидат\w*|кандидатур\w*|выдвин\w*|выдвига\w*|номинир\w*|претенд\w*|"
    r"предложил\w*|рекомендова\w*)\s+(?:[\w-]+\s+){0,4}?(?:на\s+)?(?:пост|должност)\w*\s+$",
    re.IGNORECASE,
)


def nominated(fact: Fact, texts: Mapping[str, str]) -> bool:
    """Every sentence telling the role tells it as a post the person is only put forward,
    nominated or proposed for («выдвинул Орлова кандидатом на пост посла в Японии»): no post
    the person holds."""
    if fact.relation != "WORKS_AS" or not fact.triples:
        return False
    for t in fact.triples:
        text = texts.get(t.doc_id, "")
        before = text[max(t.sentence_span[0], t.object_span[0] - 80) : t.object_span[0]]
        if not _PUT_FORWARD.search(before):
            return False
    return True


def _held_before_becoming(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """One sentence tells a member as the role the person took up (by «стал», «назначен»,
    «избран») and another as the person's title just before the name: the title is the post
    held before («Главой Малави стала вице-президент Джойс Банда»), not one held beside it."""
    told: dict[tuple[str, tuple[int, int]], list[tuple[Triple, str]]] = {}
    for f in facts:
        for t in f.triples:
            told.setdefault((t.doc_id, t.sentence_span), []).append((t, f.object_id))
    for (doc_id, (s0, s1)), items in told.items():
        if len({obj for _, obj in items}) < 2:
            continue
        text = texts.get(doc_id, "")
        if not _BECAME.search(text[s0:s1]):
            continue
        titles = {
            obj
            for t, obj in items
            if t.object_span[1] <= t.subject_span[0]
            and not text[t.object_span[1] : t.subject_span[0]].strip()
        }
        if titles and {obj for _, obj in items} - titles:
            return True
    return False


_WAS_BEFORE = re.compile(
    r"(?:в прошлом|бывш\w*|ранее|некогда|прежде)\s+(?:\w+\s+)?$", re.IGNORECASE
)


def held_unlisted(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """A sentence naming the subject tells a post after a verb or noun of holding one
    («сменившая на посту лидера своей партии») whose head no member names, and not as
    held before («в прошлом занимавшая пост министра финансов»): the set of posts misses it."""
    if not facts or facts[0].relation != "WORKS_AS":
        return False
    stem = _stem(facts[0].subject)
    if not stem:
        return False
    covered = {w.replace("ё", "е").split("-")[0] for f in facts for w in lemmas(f.object)}
    for doc_id in {d for f in facts for d in f.doc_ids}:
        for sentence in _SENTENCE.split(texts.get(doc_id, "")):
            at = _find(sentence, stem)
            if at < 0:
                continue
            lo = max(0, at - 30)
            for m in _HOLDS.finditer(sentence[lo : at + 80]):
                if _WAS_BEFORE.search(sentence[max(0, lo + m.start() - 25) : lo + m.start()]):
                    continue
                if _trades(m.group(1)) - covered:
                    return True
    return False


# a marriage's number: «пятый брак», «третьей женой», «в третий раз женился»
_ORDINALS = {"втор": 2, "трет": 3, "четв": 4, "пят": 5, "шест": 6, "седьм": 7, "восьм": 8}
_MARRIAGE_NTH = re.compile(
    r"\b(втор|трет|четв[её]рт|пят|шест|седьм|восьм)\w*\s+"
    r"(?:(?:брак|жен|муж|супруг)\w*|раз\s+(?:жени|вы(?:шла|ходи)\w*\s+замуж))",
    re.IGNORECASE,
)


def _married_more(facts: Sequence[Fact], texts: Mapping[str, str]) -> int:
    """The largest marriage number the texts give in sentences about the subject, or 0."""
    stem = _stem(facts[0].subject) if facts else ""
    docs = {t.doc_id for f in facts for t in f.triples}
    most = 0
    for doc_id in docs:
        for sentence in _sentences_of(texts.get(doc_id, ""), stem) if stem else ():
            for m in _MARRIAGE_NTH.finditer(sentence):
                word = m.group(1).lower()
                most = max(most, *(n for k, n in _ORDINALS.items() if word.startswith(k)))
    return most


def missing_member(facts: Sequence[Fact], texts: Mapping[str, str]) -> str:
    """Why a set of facts (one subject, one relation) is not the whole answer, or ''."""
    bases = [_PREFIX.sub("", f.object.lower().replace("ё", "е")) for f in facts]
    if len(set(bases)) < len(bases):
        return "duplicate_member"  # «кинорежиссёр», «режиссёр»: one role twice
    if facts and facts[0].relation == "WORKS_AS" and _one_post_twice(facts):
        return "duplicate_member"  # «глава правительства», «премьер-министр»: one post twice
    if facts and facts[0].relation == "WORKS_AS" and _held_before_becoming(facts, texts):
        return "mixed_tense"  # «Главой Малави стала вице-президент Джойс Банда»
    if any(nominated(f, texts) for f in facts):
        return "not_held"  # «выдвинут кандидатом на пост посла»: not (yet) his post
    if held_unlisted(facts, texts):
        return "incomplete"  # «сменившая на посту лидера своей партии», not a member
    formers = {former(f, texts) for f in facts}
    if len(formers) > 1:
        return "mixed_tense"
    relation = facts[0].relation if facts else ""
    if relation == "WORKS_AS" and (listed_roles(facts, texts) or _headed_unlisted(facts, texts)):
        return "incomplete"
    if relation in _QUOTED_KINDS and _quoted_others(facts, texts):
        return "incomplete"
    if relation in _KIN_KINDS and _kin_unlisted(facts, texts):
        return "incomplete"
    if relation == "SPOUSE" and _married_more(facts, texts) > len(facts):
        return "incomplete"  # «это его пятый брак» beside two wives
    if relation == "PRODUCES" and _quoted_in_evidence(facts, texts):
        return "incomplete"
    if relation == "PRODUCES" and _not_a_work(facts, texts):
        return "not_a_work"
    if listed_beside(facts, texts) or _inner_conjunct(facts, texts):
        return "listed_beside"  # «народный артист РТ и РФ» for «народный артист РТ»
    if _told_elsewhere(facts, texts):
        return "incomplete"  # «Разработал аналого-цифровые ... синтезаторы речи» beside TENEX
    if time_bounded(facts, texts):
        return "time_bounded"
    return ""


# a penalty only threatened, asked for or possible («ему грозит до восьми лет тюрьмы», «может
# быть приговорён к пожизненному заключению», «прокурор попросил приговорить к девяти годам»)
_POSSIBLE = re.compile(
    r"\b(?:грози\w*|грозя\w*|грозил\w*|светит|рискует|может|могут|мог|могла|могли|"
    r"предусматрива\w*|рассматрива\w*|рассмотр\w*|обсужда\w*|"
    r"(?:по)?требова\w*|(?:по)?прос(?:ил|ит|ят)\w*|настаива\w*|предлага\w*|предложил\w*|"
    r"максимальн\w*|вплоть|если|в случае|намерен\w*)\b",
    re.IGNORECASE,
)
_UP_TO = re.compile(r"^\s*(?:до|вплоть до|от)\s", re.IGNORECASE)
# a clause of its own before the penalty («Прокурор просил семь лет, но суд приговорил к ...»)
_CLAUSE = re.compile(r"(?:,\s*(?:но|а|однако)\s|;|:|\s—\s)")


def uncertain_penalty(fact: Fact, texts: Mapping[str, str]) -> bool:
    """A penalty every sentence of which tells it as only possible, threatened or asked for
    («рассматривается смертная казнь», «ему грозит до 10 лет», «может быть приговорён к
    пожизненному заключению», «обвинение настаивало на четырёх годах»), or as a maximum
    («до восьми лет тюрьмы»): no penalty given, so no answer to «К чему приговорили ...?»."""
    if fact.relation != "PENALIZED_AS" or not fact.triples:
        return False
    for t in fact.triples:
        text = texts.get(t.doc_id, "")
        start, o0 = t.sentence_span[0], t.object_span[0]
        before = _CLAUSE.split(text[start:o0])[-1]
        if not (_POSSIBLE.search(before) or _UP_TO.match(text[o0 : t.object_span[1]])):
            return False
    return True


_FAMILY = frozenset({"RELATIVE", "PARENT_OF", "SIBLING", "SPOUSE"})


def other_kin(fact: Fact, graph: FactGraph) -> bool:
    """A «родственник» asked of one who has other kin in the KG (a child, a parent, a spouse,
    another relative): «Кто приходится родственником Акихито?» -> Аматэрасу, while Нарухито
    is his son. A relative is any of them, so the answer would be partial."""
    if fact.relation != "RELATIVE":
        return False
    me = fact.subject_id
    for g in graph.all_facts:
        if g.relation not in _FAMILY or g.key == fact.key:
            continue
        if me in (g.subject_id, g.object_id) and fact.object_id not in (g.subject_id, g.object_id):
            return True
    return False


# -- what the evidence sentences' parses say of a set's members (train reads a-c) --


@dataclass(frozen=True)
class _Token:
    start: int
    stop: int
    text: str
    pos: str
    feats: frozenset[str]  # «Tense=Fut», «Aspect=Imp»
    head: int  # index of the head token, -1 for the root
    rel: str


@lru_cache(maxsize=4096)
def _parse(sentence: str) -> tuple[_Token, ...]:
    """natasha's morphology and syntax of one evidence sentence (its tokens' offsets are
    the sentence's own; each line apart: a gold span may hold a headline and the sentence
    after it)."""
    from natasha import Doc

    from dragon_bench.nlp.natasha import get_pipeline

    nlp = get_pipeline()
    out: list[_Token] = []
    at = 0
    for line in sentence.split("\n"):
        offset, at = at, at + len(line) + 1
        if not line.strip():
            continue
        doc = Doc(line)
        doc.segment(nlp.segmenter)
        with nlp.threads.limit(limits=1, user_api="blas"):
            doc.tag_morph(nlp.morph_tagger)
            doc.parse_syntax(nlp.syntax_parser)
        base = len(out)
        index = {t.id: base + i for i, t in enumerate(doc.tokens)}
        out += [
            _Token(
                offset + t.start,
                offset + t.stop,
                t.text,
                t.pos or "",
                frozenset(f"{k}={v}" for k, v in (t.feats or {}).items()),
                index.get(t.head_id, -1),
                t.rel or "",
            )
            for t in doc.tokens
        ]
    return tuple(out)


def _at(tokens: Sequence[_Token], lo: int, hi: int) -> list[int]:
    return [i for i, t in enumerate(tokens) if t.start < hi and t.stop > lo]


def _top(tokens: Sequence[_Token], inside: Sequence[int]) -> int:
    """The span's head: its first token whose head lies outside it (-1 for none)."""
    return next((i for i in inside if tokens[i].head not in inside), -1)


def _parsed_triple(t: Triple, texts: Mapping[str, str]) -> tuple[tuple[_Token, ...], int, set[int]]:
    """The tokens of a triple's sentence, the head of its object span, its subject's tokens."""
    s0, s1 = t.sentence_span
    tokens = _parse(texts.get(t.doc_id, "")[s0:s1])
    subject = set(_at(tokens, t.subject_span[0] - s0, t.subject_span[1] - s0))
    return tokens, _top(tokens, _at(tokens, t.object_span[0] - s0, t.object_span[1] - s0)), subject


# verbs whose infinitive is only a possibility or a plan («может быть приговорён», «намерен стать»)
_MODAL = frozenset({"мочь", "собираться", "намереваться", "планировать", "хотеть", "должный"})
_MODAL |= {"предстоять", "обещать", "пообещать", "готовиться", "рассчитывать", "надеяться"}
# verbs of leaving a post: a future one says the post is held until then
_LEAVE = frozenset({"покинуть", "лишиться", "уйти", "оставить", "сложить", "подать"})
_LEAVE |= {"завершиться", "истечь", "освободить", "уступить", "сменить"}
# a person or role that is an argument of the clause (who will be appointed), not its predicate
_ARGUMENT = frozenset({"nsubj", "nsubj:pass", "obj", "appos", "flat", "flat:name"})


def _verb_time(tokens: Sequence[_Token], i: int) -> str:
    """'future' for a verb of a future, conditional or modal clause («станет», «назначит»,
    «будет назначен», «может быть приговорён», «если ...»), 'past' for an imperfective past
    (a state that ended: «работал», «управлял», «был главой», «занимавший»; a perfective past
    «стал», «назначен», «избрала» starts a state that may hold), '' otherwise."""
    verb = tokens[i]
    if lemmas(verb.text)[:1] and lemmas(verb.text)[0] in _LEAVE:
        return ""  # «подаст в отставку с должности премьера», «покинет пост»: held till then
    kids = [k for k in tokens if k.head == i]
    words = {k.text.lower() for k in kids}
    if "бы" in words or "если" in words or "Tense=Fut" in verb.feats:
        return "future"
    if any(k.rel.startswith("aux") and k.text.lower().startswith("буд") for k in kids):
        return "future"
    above = lemmas(tokens[verb.head].text)[:1] if verb.head >= 0 else []
    if verb.rel == "xcomp" and above and above[0] in _MODAL:
        return "future"
    told = next((k for k in kids if k.rel in ("cop", "aux", "aux:pass")), verb)
    if "Tense=Past" in told.feats and "Aspect=Perf" not in verb.feats:
        return "past"
    return ""


def _feat(token: _Token, name: str) -> str:
    return next((f for f in token.feats if f.startswith(name + "=")), "")


# an inanimate noun's nominative and accusative are one form: the tagger tells them apart by guess
_ONE_FORM = frozenset({"Case=Nom", "Case=Acc"})


def _agree(a: _Token, b: _Token) -> bool:
    """Two nouns of one list agree in case and animacy (where the tagger gives them)."""
    x, y = _feat(a, "Case"), _feat(b, "Case")
    if x and y and x != y and not ({x, y} <= _ONE_FORM and "Animacy=Anim" not in a.feats):
        return False
    x, y = _feat(a, "Animacy"), _feat(b, "Animacy")
    return not x or not y or x == y


def evidence_time(t: Triple, texts: Mapping[str, str]) -> str:
    """The time of the clause that tells a triple's object: the first verb (or copula) above
    the object in its sentence's parse, unless the object names a participant on the way
    (a role as the subject or an apposition of the subject's name: «советник канцлера ...
    станет главой Bundesbank» makes the post future, not the adviser), or the object is a
    role the subject's name hangs on («проведёт встречу с президентом России Дмитрием
    Медведевым»: a description of who he is now, not what the verb tells)."""
    tokens, i, subject = _parsed_triple(t, texts)
    described = ("nsubj", "nsubj:pass")  # the subject of a predicate noun is no description
    if i >= 0 and any(tokens[j].head == i and tokens[j].rel not in described for j in subject):
        return ""
    seen: set[int] = set()
    while i >= 0 and i not in seen:
        seen.add(i)
        token = tokens[i]
        if i in subject:
            return ""
        cop = any(k.head == i and k.rel == "cop" for k in tokens)
        if token.pos in ("VERB", "AUX") or cop:
            return _verb_time(tokens, i)
        if token.rel in _ARGUMENT and "Animacy=Anim" in token.feats:
            return ""
        if token.rel == "conj" and not _agree(token, tokens[token.head]):
            return ""  # a list item hung on a word of another kind: the parse is unsure
        i = token.head
    return ""


def not_yet(fact: Fact, texts: Mapping[str, str]) -> bool:
    """Every sentence telling the fact tells it as future or conditional («Обама назначит
    Фридена на пост директора CDC», «может быть приговорён к пожизненному заключению»):
    it is not (yet) true."""
    return bool(fact.triples) and all(evidence_time(t, texts) == "future" for t in fact.triples)


def told_past(fact: Fact, texts: Mapping[str, str]) -> bool:
    """A sentence tells the fact by an imperfective past («До сего момента он управлял фондом
    Castle Point Capital»): a state that ended."""
    return any(evidence_time(t, texts) == "past" for t in fact.triples)


def _own(tokens: Sequence[_Token], i: int) -> set[int]:
    """A conjunct's tokens: it and its dependents, less the conjuncts attached to it (in
    the parse the later items of a list hang on the first)."""
    out, stack = {i}, [i]
    while stack:
        j = stack.pop()
        for k, t in enumerate(tokens):
            if t.head == j and k not in out and not (j == i and t.rel == "conj"):
                out.add(k)
                stack.append(k)
    return out


def listed_beside(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """An evidence sentence lists a member with a noun no member or the subject covers
    («Берлускони обвинялся в финансовых аферах, коррупции, даче взяток госчиновникам ...»
    for {финансовые аферы, коррупция}): the set misses a member its own texts state."""
    return bool(unlisted(facts, texts))


def _another_person(tokens: Sequence[_Token], at: Iterable[int], subject: set[int]) -> bool:
    return any(
        j not in subject and tokens[j].pos == "PROPN" and "Animacy=Anim" in tokens[j].feats
        for j in at
    )


def _item_of(tokens: Sequence[_Token], head: int, k: int, subject: set[int], sentence: str) -> bool:
    """Whether conjunct `k` is an item of the member's own list: a noun agreeing with the
    member's head in case and animacy, no other person's role («керамиста Геннадия Фисуна и
    каллиграфа Юрия Антонова»), not across another person's name or into brackets."""
    a, b = tokens[head], tokens[k]
    if b.pos not in ("NOUN", "PROPN") or not _agree(a, b):
        return False
    lo, hi = sorted((head, k))
    if _another_person(tokens, _own(tokens, k), subject):
        return False
    if _another_person(tokens, range(lo + 1, hi), subject):
        return False

    def depth(i: int) -> int:
        before = sentence[: tokens[i].start]
        return before.count("(") - before.count(")")

    return depth(head) == depth(k)


def unlisted(facts: Sequence[Fact], texts: Mapping[str, str]) -> str:
    """The first noun `listed_beside` finds, or ''."""
    words = {w for f in facts for w in lemmas(f.object)}
    for f in facts:
        for t in f.triples:
            tokens, head, subject = _parsed_triple(t, texts)
            if head < 0:
                continue
            s0, s1 = t.sentence_span
            sentence = texts.get(t.doc_id, "")[s0:s1]
            spans = [
                (u.object_span[0] - s0, u.object_span[1] - s0)
                for g in facts
                for u in g.triples
                if u.doc_id == t.doc_id and u.sentence_span == t.sentence_span
            ]
            spans += [(t.subject_span[0] - s0, t.subject_span[1] - s0)]
            first = tokens[head].head if tokens[head].rel == "conj" else head
            if first < 0:
                continue
            items = [
                first,
                *(k for k, u in enumerate(tokens) if u.head == first and u.rel == "conj"),
            ]
            for k in items:
                if k == head or not _item_of(tokens, head, k, subject, sentence):
                    continue
                # the subject's own name may hang on the first item («Художественный
                # руководитель театра, актриса и режиссёр Галина Волчек»): not the item's words
                own = _own(tokens, k) - subject
                if k in subject or any(
                    tokens[j].start < hi and tokens[j].stop > lo for j in own for lo, hi in spans
                ):
                    continue
                if set(lemmas(tokens[k].text)) & words:
                    continue
                return tokens[k].text
    return ""


def _inner_conjunct(facts: Sequence[Fact], texts: Mapping[str, str]) -> str:
    """A word a member's own words are coordinated with, past the member's span: «народный
    артист РТ и РФ» for the member «народный артист РТ» (one head, two bodies), or ''."""
    words = {w for f in facts for w in lemmas(f.object)}
    for f in facts:
        for t in f.triples:
            tokens, head, subject = _parsed_triple(t, texts)
            s0 = t.sentence_span[0]
            inside = set(_at(tokens, t.object_span[0] - s0, t.object_span[1] - s0))
            sentence = texts.get(t.doc_id, "")[s0 : t.sentence_span[1]]
            for k, u in enumerate(tokens):
                j = u.head
                if u.rel != "conj" or j == head or j not in inside or k in inside | subject:
                    continue
                if set(lemmas(u.text)) & words or not _item_of(tokens, j, k, subject, sentence):
                    continue
                return u.text
    return ""


# verbs too general to tell a relation by themselves («есть сын», «стал лауреатом»)
_GENERAL = frozenset({"быть", "есть", "являться", "стать", "становиться", "иметь", "оказаться"})
_VERBAL = frozenset({"VERB", "INFN", "PRTF", "PRTS", "GRND"})


def _triggers(tokens: Sequence[_Token], i: int, subject: set[int]) -> set[tuple[str, str, str]]:
    """The words a member's object hangs on, up to the first verb: (lemma, the relation of the
    word below to it, its preposition): «Разработал программное обеспечение TENEX» gives
    (обеспечение, nmod, ''), (разработать, obj, ''); «сын Хавьер Сантос» (сын, appos, '')."""
    found: set[tuple[str, str, str]] = set()
    j, seen = i, {i}
    while len(found) < 3:
        p = tokens[j].head
        if p < 0 or p in subject or p in seen:
            break
        seen.add(p)
        if tokens[j].rel == "conj":  # a later list item: its first item's place
            j = p
            continue
        lemma = lemmas(tokens[p].text)[:1]
        if not lemma:
            break
        case = next((k.text.lower() for k in tokens if k.head == j and k.rel == "case"), "")
        if lemma[0] not in _GENERAL:
            found.add((lemma[0], tokens[j].rel, case))
        parse = analyzer().parse(tokens[p].text.lower())[:1]
        if parse and parse[0].tag.POS in _VERBAL:
            break
        j = p
    return found


def _told_elsewhere(facts: Sequence[Fact], texts: Mapping[str, str]) -> str:
    """A sentence about the subject gives a member's trigger (the word its object hangs on in
    its own sentence) another such word no member names («Разработал аналого-цифровые
    гибридные синтезаторы речи» beside {TENEX, CPYNET}, each «Разработал программное
    обеспечение ...»; «сын Энрике» beside the sons {Хавьер Сантос, ...}), or ''."""
    stem = _stem(facts[0].subject) if facts else ""
    if not stem:
        return ""
    triggers: set[tuple[str, str, str]] = set()
    for f in facts:
        for t in f.triples:
            tokens, head, subject = _parsed_triple(t, texts)
            if head >= 0 and not any(tokens[j].head == head for j in subject):
                triggers |= _triggers(tokens, head, subject)  # not a role the name hangs on
    if not triggers:
        return ""
    words = {w for f in facts for w in lemmas(f.object)}
    names = {w for f in facts for w in lemmas(f.subject)}
    lemma_of = {lemma for lemma, _, _ in triggers}
    for doc_id in sorted({d for f in facts for d in f.doc_ids}):
        for sentence in _sentences_of(texts.get(doc_id, ""), stem):
            if not set(lemmas(sentence)) & lemma_of:
                continue
            tokens = _parse(sentence)
            for k, u in enumerate(tokens):
                p = u.head
                if p < 0 or u.pos not in ("NOUN", "PROPN", "ADJ"):
                    continue
                lemma = lemmas(tokens[p].text)[:1]
                case = next((c.text.lower() for c in tokens if c.head == k and c.rel == "case"), "")
                if not lemma or (lemma[0], u.rel, case) not in triggers:
                    continue
                own = _own(tokens, k)
                told = {w for j in own for w in lemmas(tokens[j].text)}
                if told & (words | names) or not any(len(w) >= 3 for w in told):
                    continue
                if u.pos != "PROPN" and _another_person(tokens, own - {k}, set()):
                    continue  # «выставка керамиста Геннадия Фисуна»: another person's role
                return u.text
    return ""


# a time that bounds the evidence's state to a part of a life («В последние годы Демис Руссос
# проживал в Греции и Франции»): the places, seats or bodies of other years are not told
_BOUNDED = re.compile(
    r"\b(?:в последн(?:ие|ее) (?:годы|год|месяцы|десятилети[яе]|время)|последние \d+ (?:лет|года)|"
    r"в (?:детстве|юности|молодости|юные годы|студенческие годы|те годы)|"
    r"некоторое время|одно время|какое-то время|в годы войны|во время войны)\b",
    re.IGNORECASE,
)
_BOUNDED_KINDS = frozenset({"PLACE_RESIDES_IN", "WORKPLACE", "MEMBER_OF"})


def time_bounded(facts: Sequence[Fact], texts: Mapping[str, str]) -> bool:
    """A member's sentence bounds its state to a part of a life («в последние годы», «в
    детстве»): a set of homes, workplaces or bodies asked without it has members the
    texts do not tell (Руссос was born in Egypt). A span of one membership («с 2010 по 2012
    год») bounds that member, not the set."""
    return (
        bool(facts)
        and facts[0].relation in _BOUNDED_KINDS
        and any(
            _BOUNDED.search(_sentence(texts, t.doc_id, t.sentence_span))
            for f in facts
            for t in f.triples
        )
    )


# an activity named by its adjective («За свою переводческую деятельность поэт стал
# стипендиатом»): a trade the members may not hold
_ACTIVITY = re.compile(r"\b([а-яё]{4,}?)(?:ческ|ск)(?:ая|ую|ой)\s+деятельност\w*", re.IGNORECASE)


def _people_at(graph: FactGraph) -> dict[str, list[tuple[int, int, str]]]:
    """The person mentions of the KG's triples by document: (start, end, entity id)."""
    found = _PEOPLE_AT.get(id(graph))
    if found is not None and found[0] is graph:
        return found[1]
    spans: dict[str, list[tuple[int, int, str]]] = {}
    for f in graph.all_facts:
        for t in f.triples:
            if f.subject_type == "PERSON":
                spans.setdefault(t.doc_id, []).append((*t.subject_span, f.subject_id))
            if f.object_type == "PERSON":
                spans.setdefault(t.doc_id, []).append((*t.object_span, f.object_id))
    _PEOPLE_AT.clear()  # one graph at a time (a generation run)
    _PEOPLE_AT[id(graph)] = (graph, spans)
    return spans


_PEOPLE_AT: dict[int, tuple[FactGraph, dict[str, list[tuple[int, int, str]]]]] = {}


def _about_subject(facts: Sequence[Fact], graph: FactGraph) -> Iterable[str]:
    """Sentences about a set's subject in the documents whose opening names it (its main
    person): those naming its surname, or naming no other person the KG knows there («В 1962
    году ... возглавил Новгородскую археологическую экспедицию МГУ» of Валентин Янин)."""
    first = facts[0]
    stem = _stem(first.subject)
    if not stem:
        return
    people = _people_at(graph)
    for doc_id in sorted({d for f in facts for d in f.doc_ids}):
        text = graph.texts.get(doc_id, "")
        if _find(" ".join(_SENTENCE.split(text.strip(), 2)[:2]), stem) < 0:
            continue
        at = 0
        for sentence in _SENTENCE.split(text):
            start = text.find(sentence, at)
            at = max(at, start + len(sentence))
            end = start + len(sentence)
            others = [
                p
                for p in people.get(doc_id, ())
                if start <= p[0] < end and p[2] != first.subject_id
            ]
            if _find(sentence, stem) >= 0 or not others:
                yield sentence


def untold_roles(facts: Sequence[Fact], graph: FactGraph) -> bool:
    """A sentence about the subject tells a post or activity no member covers: heading
    something («возглавил Новгородскую археологическую экспедицию МГУ» beside {историк,
    археолог}) or an activity by its adjective («переводческую деятельность» beside {поэт,
    редактор})."""
    if not facts or facts[0].relation != "WORKS_AS":
        return False
    words = {w for f in facts for w in lemmas(f.object)}
    stems = {w[:5] for w in words}
    heads = bool(words & _HEADS)
    for sentence in _about_subject(facts, graph):
        for m in _HEADED.finditer(sentence):
            named = {w for w in lemmas(m.group(1).strip("« ")) if len(w) >= 3}
            if not heads or (named and not named & words):
                return True
        for m in _ACTIVITY.finditer(sentence):
            if m.group(1).lower()[:5] not in stems:
                return True
    return False


# events a body holds, named by its name after the event («плей-офф НХЛ», «драфт НХЛ»)
_EVENTS = frozenset({"матч", "финал", "полуфинал", "плей-офф", "драфт", "сезон", "чемпионат"})
_EVENTS |= {"турнир", "кубок", "этап", "фестиваль", "конкурс", "выставка", "форум", "саммит"}
_EVENTS |= {"конференция", "съезд", "церемония", "гонка", "олимпиада", "марафон", "игры"}


def unnamed_events(facts: Sequence[Fact], graph: FactGraph) -> bool:
    """A set of the events an organisation holds misses one its documents name by an event
    noun before the organisation's name («плей-офф НХЛ» beside {Матч всех звёзд НХЛ, финал
    Кубка Стэнли})."""
    if not facts or facts[0].relation != "ORGANIZES":
        return False
    name = facts[0].subject.strip('«»"')
    ent = graph.entities.get(facts[0].subject_id)
    if not name or ent is None:
        return False
    words = {w for f in facts for w in lemmas(f.object)}
    said = re.compile(r"([\w-]+)\s+[«\"]?" + re.escape(name) + r"(?!\w)")
    for doc_id in sorted(ent.docs):
        for m in said.finditer(graph.texts.get(doc_id, "")):
            head = lemmas(m.group(1))[:1]
            if head and head[0] in _EVENTS and head[0] not in words:
                return True
    return False
