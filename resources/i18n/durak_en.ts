<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CreateTableDialog</name>
    <message numerus="yes">
        <location filename="../../durak_qt/dialogs.py" line="107"/>
        <source>%n cards</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="462"/>
        <location filename="../../durak_qt/table_scene.py" line="738"/>
        <source>%n locked card(s): face down, unknown even to their owner</source>
        <translation>
            <numerusform>%n locked card: face down, unknown even to its owner</numerusform>
            <numerusform>%n locked cards: face down, unknown even to their owner</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="691"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="694"/>
        <location filename="../../durak_qt/table_scene.py" line="732"/>
        <source>%n locked</source>
        <translation>
            <numerusform>%n locked</numerusform>
            <numerusform>%n locked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="775"/>
        <source>%n strap(s)</source>
        <translation>
            <numerusform>%n strap</numerusform>
            <numerusform>%n straps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="776"/>
        <source>%n beaten</source>
        <translation>
            <numerusform>%n beaten</numerusform>
            <numerusform>%n beaten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="796"/>
        <source>%1: %n card(s)</source>
        <translation>
            <numerusform>%1: %n card</numerusform>
            <numerusform>%1: %n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table_view.py" line="169"/>
        <source>%n s left to move</source>
        <translation>
            <numerusform>%n second left to move</numerusform>
            <numerusform>%n seconds left to move</numerusform>
        </translation>
    </message>
</context>
</TS>
